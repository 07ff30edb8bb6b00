// POST /auth/register, /auth/login, /auth/refresh (spec 4.1).
import Type from 'typebox';
import { PLANS } from '../../domain/account';
import { emailSchema } from '../parts/contact';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

/**
 * 10 characters minimum; 200 is far above any passphrase and bounds the hashing cost.
 * Ten spaces meet the length but guard nothing.
 */
export const newPasswordSchema = Type.String({ minLength: 10, maxLength: 200, pattern: '\\S', 'x-issue': 'must contain characters other than spaces' });
export const planSchema = stringEnum(PLANS);

/**
 * A plan is what the account pays for, so the caller cannot pick it: refused with a reason (like an
 * unknown parameter in Stripe), not ignored, so that no client believes it registered on enterprise.
 */
const planRefusedSchema = Type.Unsafe<never>({
  not: {},
  description: 'Not accepted: every account starts on the free plan; an administrator changes it (PATCH /admin/accounts/{accountId}).',
  'x-issue': 'is set by an administrator (PATCH /admin/accounts/{accountId}); new accounts start on the free plan',
});

export const registerBodySchema = Type.Object(
  { email: emailSchema, password: newPasswordSchema, name: text(100), plan: Type.Optional(planRefusedSchema) },
  { additionalProperties: false },
);

// Login does not re-check the length rule: a wrong password is a 401, not a 400 hint.
export const loginBodySchema = Type.Object({ email: emailSchema, password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

/** Refresh tokens are opaque; 512 is ample for ours and bounds what gets hashed. */
export const refreshBodySchema = Type.Object({ refreshToken: Type.String({ minLength: 1, maxLength: 512 }) }, { additionalProperties: false });

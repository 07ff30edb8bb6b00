// POST /auth/register, /auth/login, /auth/refresh (spec 4.1, issue 2).
import type { SchemaObject } from 'ajv';
import { PLANS } from '../../domain/account';
import { emailSchema } from '../parts/contact';
import { text } from '../parts/text';

/**
 * 10 characters minimum (issue 2); 200 is far above any passphrase and bounds the hashing cost.
 * Ten spaces meet the length but guard nothing.
 */
export const newPasswordSchema: SchemaObject = {
  type: 'string',
  minLength: 10,
  maxLength: 200,
  pattern: '\\S',
  'x-issue': 'must contain characters other than spaces',
};
export const planSchema: SchemaObject = { type: 'string', enum: [...PLANS] };

/**
 * A plan is what the account pays for, so the caller cannot pick it: refused with a reason (like an
 * unknown parameter in Stripe), not ignored, so that no client believes it registered on enterprise.
 */
const planRefusedSchema: SchemaObject = {
  not: {},
  description: 'Not accepted: every account starts on the free plan; an administrator changes it (PATCH /admin/accounts/{accountId}).',
  'x-issue': 'is set by an administrator (PATCH /admin/accounts/{accountId}); new accounts start on the free plan',
};

export const registerBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'name'],
  properties: { email: emailSchema, password: newPasswordSchema, name: text(100), plan: planRefusedSchema },
};

// Login does not re-check the length rule: a wrong password is a 401, not a 400 hint.
export const loginBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password'],
  properties: { email: emailSchema, password: { type: 'string', minLength: 1, maxLength: 200 } },
};

/** Refresh tokens are opaque; 512 is ample for ours and bounds what gets hashed. */
export const refreshBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['refreshToken'],
  properties: { refreshToken: { type: 'string', minLength: 1, maxLength: 512 } },
};

export interface RegisterBody {
  email: string;
  password: string;
  name: string;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface RefreshBody {
  refreshToken: string;
}

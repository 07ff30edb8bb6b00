// Admin endpoints: verification decisions and account settings.
import Type from 'typebox';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';
import { planSchema } from './auth';

/** GET /admin/verifications: one page of the queue. */
export const verificationQueueQuerySchema = cursorPageQuerySchema(100, 20);

export const verificationDecisionBodySchema = Type.Object(
  { decision: stringEnum(['approve', 'reject']), note: Type.Optional(text(2000, 1, 'multi')) },
  { additionalProperties: false },
);

/** Requests per window of that area (general per hour, search and analytics per day). */
const customLimitSchema = Type.Integer({ minimum: 1, maximum: 100_000_000 });

export const customLimitsSchema = Type.Object(
  { general: Type.Optional(customLimitSchema), search: Type.Optional(customLimitSchema), analytics: Type.Optional(customLimitSchema) },
  { additionalProperties: false, description: 'Enterprise "custom" limits: general per hour, search per day, analytics per day. Enterprise plan only.' },
);

export const updateAccountBodySchema = Type.Object(
  {
    plan: Type.Optional(planSchema),
    suspended: Type.Optional(Type.Boolean()),
    partner: Type.Optional(
      Type.Boolean({
        deprecated: true,
        description: 'Removed: partnership is an agreement now (POST /admin/partner-agreements); sending it is 400 VALIDATION_ERROR naming it.',
      }),
    ),
    customLimits: Type.Optional(nullable(customLimitsSchema)),
  },
  { additionalProperties: false, minProperties: 1 },
);

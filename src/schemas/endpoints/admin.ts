// Admin endpoints (issue 2, 3, 4): verification decisions and account settings.
import type { SchemaObject } from 'ajv';
import type { CustomLimits, Plan } from '../../domain/account';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { nullable } from '../parts/nullable';
import { text } from '../parts/text';
import { planSchema } from './auth';

/** GET /admin/verifications: one page of the queue. */
export const verificationQueueQuerySchema: SchemaObject = cursorPageQuerySchema(100, 20);

export const verificationDecisionBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['decision'],
  properties: {
    decision: { type: 'string', enum: ['approve', 'reject'] },
    note: text(2000, 1, 'multi'),
  },
};

/** Requests per window of that area (general per hour, search and analytics per day). */
const customLimitSchema: SchemaObject = { type: 'integer', minimum: 1, maximum: 100_000_000 };

export const customLimitsSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  description: 'Enterprise "custom" limits: general per hour, search per day, analytics per day. Enterprise plan only.',
  properties: { general: customLimitSchema, search: customLimitSchema, analytics: customLimitSchema },
};

export const updateAccountBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    plan: planSchema,
    suspended: { type: 'boolean' },
    partner: {
      type: 'boolean',
      deprecated: true,
      description: 'Removed: partnership is an agreement now (POST /admin/partner-agreements); sending it is 400 VALIDATION_ERROR naming it.',
    },
    customLimits: nullable(customLimitsSchema),
  },
};

export interface VerificationDecisionBody {
  decision: 'approve' | 'reject';
  note?: string;
}

export interface UpdateAccountBody {
  plan?: Plan;
  suspended?: boolean;
  partner?: boolean;
  customLimits?: CustomLimits | null;
}

// POST /auth/register, /auth/login, /auth/refresh (spec 4.1, issue 2).
import type { SchemaObject } from 'ajv';
import { PLANS, type Plan } from '../../domain/account';
import { emailSchema } from '../parts/contact';
import { text } from '../parts/text';

/** 10 characters minimum (issue 2); 200 is far above any passphrase and bounds the hashing cost. */
export const newPasswordSchema: SchemaObject = { type: 'string', minLength: 10, maxLength: 200 };
export const planSchema: SchemaObject = { type: 'string', enum: [...PLANS] };

export const registerBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['email', 'password', 'name'],
  properties: { email: emailSchema, password: newPasswordSchema, name: text(100), plan: planSchema },
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
  plan?: Plan;
}

export interface LoginBody {
  email: string;
  password: string;
}

export interface RefreshBody {
  refreshToken: string;
}

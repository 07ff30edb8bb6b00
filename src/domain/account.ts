// Accounts and their credentials (spec 4.1, 5).
import type { Environment } from './profile';

export const PLANS = ['free', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export type Role = 'user' | 'admin';

export const SCOPES = [
  'read:businesses',
  'write:businesses',
  'read:bookings',
  'write:bookings',
  'read:analytics',
  'read:reviews',
  'write:reviews',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Per-account overrides an admin sets for enterprise ("custom") plans; requests per window of that area. */
export interface CustomLimits {
  general?: number;
  search?: number;
  analytics?: number;
}

export interface Account {
  id: string; // acct_
  email: string; // lower-cased
  name: string;
  passwordHash: string; // scrypt, see domain/passwordHash.ts
  plan: Plan;
  role: Role;
  suspended: boolean;
  customLimits?: CustomLimits;
  createdAt: string;
  updatedAt: string;
}

export interface ApiKeyRecord {
  id: string; // key_
  accountId: string;
  name: string;
  environment: Environment;
  scopes: Scope[];
  /** SHA-256 of the full key; the key itself is never stored. */
  hash: string;
  last4: string;
  /** The AI platform calls with this key are attributed to in analytics; absent: `direct`. */
  platform?: string;
  createdAt: string;
  revokedAt?: string;
  lastUsedAt?: string;
}

export interface RefreshTokenRecord {
  id: string; // rt_
  accountId: string;
  /** All tokens descended from one login share a family; reuse of a used token revokes the family. */
  familyId: string;
  hash: string; // SHA-256 of the opaque token
  expiresAt: string;
  createdAt: string;
  usedAt?: string;
  revokedAt?: string;
}

import { Schema } from 'mongoose';
import { environment, ownId, recordOptions, requiredTimestamp } from './storedFields';

/**
 * One document per (account, environment, key); `_id` is the three as a JSON array, so no key
 * text can make two scopes collide. `expiresAt` is a Date for the TTL index (the reads check it
 * too: the TTL monitor runs once a minute). The answer and the journal are kept as JSON text: a
 * response body's keys are not always valid MongoDB field names.
 */
export interface IdempotencyKeyDoc {
  _id: string;
  accountId: string;
  environment: 'live' | 'test';
  key: string;
  claimId: string;
  fingerprint: string;
  createdAt: string;
  claimedAt: string;
  expiresAt: Date;
  holder?: string;
  journal?: string;
  pendingCall?: number;
  response?: string;
}

export const idempotencyKeySchema = new Schema<IdempotencyKeyDoc>(
  {
    _id: ownId,
    accountId: { type: String, required: true },
    environment,
    key: { type: String, required: true },
    claimId: { type: String, required: true },
    fingerprint: { type: String, required: true },
    createdAt: requiredTimestamp,
    claimedAt: requiredTimestamp,
    expiresAt: { type: Date, required: true },
    holder: { type: String },
    journal: { type: String },
    pendingCall: { type: Number },
    response: { type: String },
  },
  recordOptions('idempotency_keys'),
);
idempotencyKeySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** A process's holder lease (core/holderLease.ts): alive until `expiresAt`, then its claims are taken over. */
export interface IdempotencyHolderDoc {
  _id: string;
  expiresAt: Date;
}

export const idempotencyHolderSchema = new Schema<IdempotencyHolderDoc>({ _id: ownId, expiresAt: { type: Date, required: true } }, recordOptions('idempotency_holders'));
idempotencyHolderSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

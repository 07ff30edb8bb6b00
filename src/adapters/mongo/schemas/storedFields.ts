// Field definitions and schema options every stored record shares.
import { storedAs } from './storedAs';

/** ISO 8601 UTC as the domain writes it (`Date.toISOString()`); kept as a string so it round-trips exactly. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

export const timestamp = { type: String, match: ISO_TIMESTAMP } as const;
export const requiredTimestamp = { ...timestamp, required: true } as const;
/** An amount in its currency's minor units (cents): a whole number, never negative. */
export const minorUnits = storedAs({ type: 'integer', minimum: 0 }, true);
export const environment = { type: String, enum: ['live', 'test'], required: true } as const;
/** Our own ids (`biz_...`) are the documents' `_id`: one unique index, no second id to keep in step. */
export const ownId = { type: String, required: true, minlength: 1 } as const;

/**
 * Top-level records: no `__v` (the domain has its own `version`), empty objects kept
 * (`exclusiveContent: {}` must read back as `{}`), unknown fields refused rather than silently dropped.
 */
export function recordOptions(collection: string) {
  return { collection, versionKey: false, minimize: false, strict: 'throw', id: false } as const;
}

/** Embedded parts: no `_id` of their own, so they read back exactly as the domain wrote them. */
export const partOptions = { _id: false, id: false, minimize: false, strict: 'throw', versionKey: false } as const;

// Driver errors stop here: repositories run their calls through `guard`, so the core only ever
// sees domain errors (ConflictError, ValidationError, UnavailableError) or a plain Error for bugs.
import mongoose from 'mongoose';
import { ConflictError, type DomainError, UnavailableError, ValidationError } from '../../domain/errors';

const { MongoError, MongoServerError, MongoNetworkError, MongoServerSelectionError, MongoTopologyClosedError, MongoNotConnectedError } =
  mongoose.mongo;

const DUPLICATE_KEY = 11000;
/** Server codes meaning "this node cannot serve you right now" (shutdown, stepdown, not primary...). */
const UNAVAILABLE_CODES = new Set([6, 7, 89, 91, 189, 10107, 11600, 11602, 13435, 13436]);

/**
 * The unique index a duplicate-key error broke, by name ("emailKey_1", "environment_1_key_1"),
 * or undefined when `error` is not a duplicate-key error. Real servers send `keyPattern`;
 * mongo-java-server only names the index in the message, which real servers also do.
 */
export function duplicateKeyIndex(error: unknown): string | undefined {
  if (!(error instanceof MongoError) || Number(error.code) !== DUPLICATE_KEY) return undefined;
  const named = /index: (\S+) dup key/.exec(error.message)?.[1];
  if (named) return named;
  const pattern = (error as { keyPattern?: Record<string, unknown> }).keyPattern;
  return pattern ? Object.entries(pattern).map(([field, order]) => `${field}_${String(order)}`).join('_') : '';
}

export function isUnavailable(error: unknown): boolean {
  if (
    error instanceof MongoNetworkError ||
    error instanceof MongoServerSelectionError ||
    error instanceof MongoTopologyClosedError ||
    error instanceof MongoNotConnectedError ||
    // mongoose's own wrapper when the initial connection finds no server
    error instanceof mongoose.Error.MongooseServerSelectionError
  ) {
    return true;
  }
  if (error instanceof MongoError && error.name === 'MongoPoolClearedError') return true;
  return error instanceof MongoServerError && UNAVAILABLE_CODES.has(Number(error.code));
}

/**
 * True when the server refused a write, so it certainly did not happen. After a network error or
 * timeout the write may or may not have been applied, and compensations must assume it was.
 */
export function isRejectedWrite(error: unknown): boolean {
  if (error instanceof mongoose.Error.ValidationError || error instanceof mongoose.Error.CastError) return true;
  return error instanceof MongoServerError && !(error instanceof mongoose.mongo.MongoWriteConcernError) && !isUnavailable(error);
}

/**
 * Maps a driver or mongoose error to what the core understands. `onDuplicate` names the
 * ConflictError of a repository's own unique indexes; other duplicates become a generic conflict.
 */
export function translateError(error: unknown, onDuplicate?: (index: string) => DomainError | undefined): unknown {
  if (error instanceof ConflictError || error instanceof ValidationError || error instanceof UnavailableError) return error;
  const index = duplicateKeyIndex(error);
  if (index !== undefined) {
    return onDuplicate?.(index) ?? new ConflictError('CONFLICT', 'A record with the same key already exists');
  }
  if (isUnavailable(error)) return new UnavailableError('The database is not available');
  if (error instanceof mongoose.Error.ValidationError) {
    // A record that breaks the stored schema: name the first bad field like the request validator does.
    const [field, cause] = Object.entries(error.errors).at(0) ?? ['record', undefined];
    return new ValidationError(field, cause?.kind === 'required' ? 'is required' : (cause?.message ?? 'is invalid'));
  }
  if (error instanceof mongoose.Error.CastError) return new ValidationError(error.path, `must be a ${error.kind}`);
  if (error instanceof mongoose.Error.StrictModeError) return new ValidationError(error.path, 'is not a known field');
  return error;
}

/** Runs one storage call, translating whatever the driver throws. */
export async function guard<T>(operation: () => Promise<T>, onDuplicate?: (index: string) => DomainError | undefined): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw translateError(error, onDuplicate);
  }
}

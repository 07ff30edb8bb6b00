// Elasticsearch client errors -> domain errors. Transport trouble (no connection, timeouts,
// overload, 5xx) becomes UnavailableError with a generic message; the engine's own words go to
// the log only. Anything else (a bug in a request we built) stays an unexpected error.
import { errors } from '@elastic/elasticsearch';
import { DomainError, UnavailableError } from '../../domain/errors';

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

/** A status a bulk item or a whole request may succeed with on a later try. */
export function isRetryableStatus(status: number | undefined): boolean {
  return status !== undefined && RETRYABLE_STATUSES.has(status);
}

/** True when trying the same request again later may work. */
export function isRetryableError(error: unknown): boolean {
  if (error instanceof errors.ConnectionError || error instanceof errors.TimeoutError || error instanceof errors.NoLivingConnectionsError) {
    return true;
  }
  return error instanceof errors.ResponseError && isRetryableStatus(error.statusCode);
}

export function translateError(error: unknown): Error {
  if (error instanceof DomainError) return error;
  if (isRetryableError(error) || (error instanceof errors.ResponseError && (error.statusCode ?? 0) >= 500)) {
    return new UnavailableError('The search index is unavailable');
  }
  if (error instanceof errors.ResponseError && error.body && typeof error.body === 'object') {
    const type = (error.body as { error?: { type?: string } }).error?.type;
    if (type === 'index_not_found_exception') return new UnavailableError('The search index does not exist');
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The engine's short reason for a failed request or bulk item, for logs and BulkFailure. */
export function reasonOf(cause: { type?: string; reason?: string | null } | undefined, status?: number): string {
  if (!cause) return `status ${status ?? 'unknown'}`;
  return [cause.type, cause.reason].filter(Boolean).join(': ') || `status ${status ?? 'unknown'}`;
}

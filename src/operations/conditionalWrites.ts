// What every write through a profile shares (spec 4.3): the revision the client read comes in as
// If-Match, and the profile's new revision goes out as the ETag of the answer.
import type { CallRequest, OperationResult } from '../core/operation';
import type { Revised } from '../services/profileMutation';

/** The request's If-Match, for a write that applies only to the revision the client read. */
export function ifMatchOf(request: CallRequest): string | undefined {
  return request.header('If-Match') || undefined;
}

/** A write's answer, with the profile's new ETag so the next conditional write can use it. */
export function revised<T>({ value, etag }: Revised<T>, status?: number): OperationResult<T> {
  return { data: value, headers: { ETag: etag }, ...(status !== undefined && { status }) };
}

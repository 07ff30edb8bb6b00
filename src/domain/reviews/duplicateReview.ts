import { ConflictError } from '../errors';

/** DUPLICATE_REVIEW, naming the review the author already wrote so the client can PATCH it instead. */
export function duplicateReviewError(existingId?: string): ConflictError {
  return new ConflictError(
    'DUPLICATE_REVIEW',
    'This account has already reviewed this business; edit that review with PATCH instead',
    existingId ? { reviewId: existingId } : undefined,
  );
}

import { ConflictError } from '../domain/errors';

/** Reviews and bookings are taken only for a published listing (a draft is not open to customers). */
export function businessNotPublished(businessId: string): ConflictError {
  return new ConflictError('BUSINESS_NOT_PUBLISHED', `Business ${businessId} is not published`);
}

import { ConflictError } from '../errors';

/** Every seat of the start time is held (the service's capacity is reached). */
export function slotUnavailable(start: string): ConflictError {
  return new ConflictError('SLOT_UNAVAILABLE', `No capacity is left at ${start}; choose another start time from the service's availability`, { field: 'start', issue: 'is fully booked' });
}

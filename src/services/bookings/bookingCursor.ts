// The `cursor` of booking lists: the last booking's (start, id).
import { ValidationError } from '../../domain/errors';
import type { BookingPosition } from '../../domain/bookings/booking';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../opaqueCursor';

export function encodeBookingCursor(position: BookingPosition): string {
  return encodeOpaqueCursor([position.start, position.id]);
}

export function decodeBookingCursor(cursor: string | undefined): BookingPosition | undefined {
  if (cursor === undefined) return undefined;
  const parts = decodeOpaqueCursor(cursor);
  if (parts?.length === 2 && typeof parts[0] === 'string' && typeof parts[1] === 'string') return { start: parts[0], id: parts[1] };
  throw new ValidationError('cursor', 'is not a cursor returned by a previous page');
}

// The measured subset as it was before operations were typed from their schemas: the JSON Schemas
// the API publishes, beside the TypeScript types that were written by hand next to them (copied
// here as they were, at 047dc74, so the baseline stays measurable after they were deleted).
import type { Booking } from '../../../src/domain/bookings/booking';
import type { Contact, Location, ServiceFields, WeeklyHours } from '../../../src/domain/profile';
import { createBookingBodySchema } from '../../../src/schemas/endpoints/bookings';
import { consumerSearchBodySchema } from '../../../src/schemas/endpoints/consumerSearch';
import { createProfileBodySchema, updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { bookingRecordSchema } from '../../../src/schemas/responses/bookings';
import { exampleHandlers } from './handlers';

interface CreateProfileBody {
  name: string;
  category: string;
  description?: string;
  tagline?: string;
  location?: Location;
  contact?: Contact;
  services?: ServiceFields[];
  hours?: WeeklyHours;
}

type Clearable<T> = { [K in keyof T]?: T[K] | null };

interface UpdateProfileBody {
  name?: string;
  category?: string;
  description?: string | null;
  tagline?: string | null;
  location?: { address?: Clearable<NonNullable<Location['address']>> | null; coordinates?: Location['coordinates'] | null } | null;
  contact?: Clearable<Contact> | null;
  services?: ServiceFields[] | null;
  hours?: { [day in keyof WeeklyHours]?: WeeklyHours[day] | null } | null;
  status?: 'draft' | 'published';
}

interface NewBookingInput {
  businessId: string;
  serviceId: string;
  start: string;
  customer: { name: string; email?: string; phone?: string };
  notes?: string;
  journeyId?: string;
}

interface ConsumerSearchBody {
  query: string;
  category?: string;
  location?: { lat: number; lon: number; distance: string };
  limit: number;
  offset: number;
}

export const SCHEMAS = { createProfileBodySchema, updateProfileBodySchema, createBookingBodySchema, bookingRecordSchema, consumerSearchBodySchema };
export const handlers = exampleHandlers<CreateProfileBody, UpdateProfileBody, NewBookingInput, Booking, ConsumerSearchBody>();

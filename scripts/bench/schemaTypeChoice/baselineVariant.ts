// The measured subset as it is: JSON Schemas typed SchemaObject, TypeScript types written by hand.
import type { UpdateProfileBody } from '../../../src/schemas/endpoints/profile';
import { createProfileBodySchema, updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { createBookingBodySchema } from '../../../src/schemas/endpoints/bookings';
import { bookingRecordSchema } from '../../../src/schemas/responses/bookings';
import { consumerSearchBodySchema, type ConsumerSearchBody } from '../../../src/schemas/endpoints/consumerSearch';
import type { NewBookingInput } from '../../../src/services/bookings/bookingService';
import type { Booking } from '../../../src/domain/bookings/booking';
import type { CreateProfileBody } from '../../../src/schemas/endpoints/profile';
import { exampleHandlers } from './handlers';

export const SCHEMAS = { createProfileBodySchema, updateProfileBodySchema, createBookingBodySchema, bookingRecordSchema, consumerSearchBodySchema };
export const handlers = exampleHandlers<CreateProfileBody, UpdateProfileBody, NewBookingInput, Booking, ConsumerSearchBody>();

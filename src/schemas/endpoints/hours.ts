// PATCH /business/profile/{businessId}/hours (spec 2.4, 4.3).
import { hoursChangesSchema } from '../parts/hours';

export const updateHoursBodySchema = { ...hoursChangesSchema, minProperties: 1 };

// PATCH /business/profile/{businessId}/hours (spec 2.4, 4.3).
import type { SchemaObject } from 'ajv';
import type { DayHours, Weekday } from '../../domain/profile';
import { hoursChangesSchema } from '../parts/hours';

export const updateHoursBodySchema: SchemaObject = { ...hoursChangesSchema, minProperties: 1 };

export type UpdateHoursBody = { [day in Weekday]?: DayHours | null };

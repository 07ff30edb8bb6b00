// POST, DELETE /business/profile/{businessId}/blackout-dates (spec 4.3).
import Type from 'typebox';
import { dateListSchema } from '../parts/dates';

export const addBlackoutDatesBodySchema = Type.Object({ dates: dateListSchema }, { additionalProperties: false });

/**
 * DELETE takes the same body, or the dates in the query (?dates=2025-12-25,2025-12-26 or repeated):
 * the same schema read as a query (operations/catalog.ts declares the body may come there).
 */
export const removeBlackoutDatesQuerySchema = addBlackoutDatesBodySchema;

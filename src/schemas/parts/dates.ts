import Type from 'typebox';

/** A real calendar day (2024-02-29 yes, 2025-02-30 no), checked by ajv-formats' full mode. */
export const calendarDateSchema = Type.String({ maxLength: 10, format: 'date', 'x-issue': 'must be a real calendar date (YYYY-MM-DD)' });

/**
 * One to 366 days: at most a (leap) year of closures per request. A date listed twice is the
 * same closure, so repeats are accepted and stored once (the list is a set).
 */
export const dateListSchema = Type.Array(calendarDateSchema, { minItems: 1, maxItems: 366, description: 'Days, YYYY-MM-DD; a date given twice counts once.' });

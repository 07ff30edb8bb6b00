// Weekly opening hours (spec 2.4). Times are the business's local wall clock; a `close`
// earlier than `open` means the business closes after midnight (22:00-02:00).
import type { SchemaObject } from 'ajv';
import { WEEKDAYS } from '../../domain/profile';
import { nullable } from './nullable';

export const timeOfDaySchema: SchemaObject = {
  type: 'string',
  maxLength: 5,
  pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
  'x-issue': 'must be a 24-hour time HH:MM from 00:00 to 23:59',
};

export const dayHoursSchema: SchemaObject = {
  oneOf: [
    {
      type: 'object',
      title: 'Open',
      additionalProperties: false,
      required: ['open', 'close'],
      properties: { open: timeOfDaySchema, close: timeOfDaySchema },
    },
    {
      type: 'object',
      title: 'Closed',
      additionalProperties: false,
      required: ['closed'],
      properties: { closed: { type: 'boolean', const: true } },
    },
  ],
  'x-issue': 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}',
  description: 'Open from `open` to `close` (close earlier than open = closes after midnight; close equal to open = open all day), or closed all day.',
};

function weekdayProperties(day: SchemaObject): Record<string, SchemaObject> {
  return Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, day]));
}

/** A full or partial week; days left out have no stated hours. */
export const hoursSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: weekdayProperties(dayHoursSchema),
  description: 'Keys are weekdays (monday...sunday); only the days given are set.',
};

/** Changes to a week: the days given replace the stored ones, `null` removes a day. */
export const hoursChangesSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: weekdayProperties(nullable(dayHoursSchema)),
  description: 'Only the days given change; a day set to null loses its stated hours; other days are kept.',
};

// Weekly opening hours (spec 2.4). Times are the business's local wall clock; a `close`
// earlier than `open` means the business closes after midnight (22:00-02:00).
import Type, { type Static, type TOptional, type TSchema } from 'typebox';
import { WEEKDAYS, type Weekday } from '../../domain/profile';
import { nullable } from './nullable';

export const timeOfDaySchema = Type.String({ maxLength: 5, pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', 'x-issue': 'must be a 24-hour time HH:MM from 00:00 to 23:59' });

const openDaySchema = Type.Object({ open: timeOfDaySchema, close: timeOfDaySchema }, { title: 'Open', additionalProperties: false });
const closedDaySchema = Type.Object({ closed: Type.Literal(true, { type: 'boolean' }) }, { title: 'Closed', additionalProperties: false });

export const dayHoursSchema = Type.Unsafe<Static<typeof openDaySchema> | Static<typeof closedDaySchema>>({
  oneOf: [openDaySchema, closedDaySchema],
  'x-issue': 'must be {"open": "HH:MM", "close": "HH:MM"} or {"closed": true}',
  description: 'Open from `open` to `close` (close earlier than open = closes after midnight; close equal to open = open all day), or closed all day.',
});

type Week<Day extends TSchema> = Record<Weekday, TOptional<Day>>;

function weekdayProperties<Day extends TSchema>(day: Day): Week<Day> {
  const optionalDay = Type.Optional(day);
  return Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, optionalDay])) as Week<Day>;
}

/** A full or partial week; days left out have no stated hours. */
export const hoursSchema = Type.Object(weekdayProperties(dayHoursSchema), {
  additionalProperties: false,
  description: 'Keys are weekdays (monday...sunday); only the days given are set.',
});

/** Changes to a week: the days given replace the stored ones, `null` removes a day. */
export const hoursChangesSchema = Type.Object(weekdayProperties(nullable(dayHoursSchema)), {
  additionalProperties: false,
  description: 'Only the days given change; a day set to null loses its stated hours; other days are kept.',
});

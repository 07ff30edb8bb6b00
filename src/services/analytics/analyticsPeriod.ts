// The period of an analytics question: startDate/endDate (dates or date-times) turned into the
// business's own local days, inclusive, with the UTC instants they span for the answer's `period`.
import { addDays, daysBetween, localDateOf, startOfLocalDay } from '../../domain/localTime';
import { ValidationError } from '../../domain/errors';
import { MAX_ANALYTICS_RANGE_DAYS } from '../../schemas/endpoints/analytics';

export interface AnalyticsPeriod {
  /** Local days, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** `period` of the answer: the first instant of `from` and the last millisecond of `to`, UTC. */
  start: string;
  end: string;
}

/** A real calendar day or instant; the schema already checked the shape. */
function checkedInstant(value: string, field: string): Date {
  const dateOnly = value.length === 10;
  const parsed = new Date(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(parsed.getTime()) || (dateOnly && parsed.toISOString().slice(0, 10) !== value)) {
    throw new ValidationError(field, 'must be a real calendar date or instant');
  }
  return parsed;
}

function localDay(value: string, field: string, timeZone: string): string {
  const instant = checkedInstant(value, field);
  return value.length === 10 ? value : localDateOf(instant, timeZone);
}

/** Checks the pair alone (before anything is looked up): order and length in calendar days. */
export function checkPeriodShape(startDate: string, endDate: string): void {
  const start = checkedInstant(startDate, 'startDate');
  const end = checkedInstant(endDate, 'endDate');
  if (start.getTime() > end.getTime()) throw new ValidationError('startDate', 'must not be after endDate');
  const days = daysBetween(start.toISOString().slice(0, 10), end.toISOString().slice(0, 10));
  if (days > MAX_ANALYTICS_RANGE_DAYS) throw new ValidationError('endDate', `must be at most ${MAX_ANALYTICS_RANGE_DAYS} days from startDate (inclusive)`);
}

export function resolvePeriod(startDate: string, endDate: string, timeZone: string): AnalyticsPeriod {
  const from = localDay(startDate, 'startDate', timeZone);
  const to = localDay(endDate, 'endDate', timeZone);
  if (from > to) throw new ValidationError('startDate', 'must not be after endDate');
  if (daysBetween(from, to) > MAX_ANALYTICS_RANGE_DAYS) {
    throw new ValidationError('endDate', `must be at most ${MAX_ANALYTICS_RANGE_DAYS} local days from startDate (inclusive)`);
  }
  return {
    from,
    to,
    start: startOfLocalDay(from, timeZone).toISOString(),
    end: new Date(startOfLocalDay(addDays(to, 1), timeZone).getTime() - 1).toISOString(),
  };
}

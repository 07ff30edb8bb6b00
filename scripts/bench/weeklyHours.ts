// Opening hours per category shape, varied per business: some close on Sundays or Mondays,
// bars and late restaurants close after midnight (close earlier than open), a few trades,
// gyms and vets are open around the clock (open equal to close).
import type { DayHours, WeeklyHours } from '../../src/domain/profile';
import { WEEKDAYS } from '../../src/domain/profile';
import type { HoursPattern } from './categoryCatalogue';
import type { SeededRandom } from './seededRandom';

const CLOSED: DayHours = { closed: true };
const ALL_DAY: DayHours = { open: '00:00', close: '00:00' };

/** Minutes after midnight -> "HH:MM" (wrapping past midnight). */
function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Opening at `open` (hours) and closing at `close` (hours, may exceed 24), each moved by up to `jitter` half-hours. */
function span(random: SeededRandom, open: number, close: number, jitter = 1): DayHours {
  const shift = () => random.int(-jitter, jitter) * 30;
  return { open: hhmm(open * 60 + shift()), close: hhmm(close * 60 + shift()) };
}

function week(weekday: () => DayHours, saturday: () => DayHours, sunday: () => DayHours): WeeklyHours {
  const hours: WeeklyHours = {};
  for (const day of WEEKDAYS) hours[day] = day === 'saturday' ? saturday() : day === 'sunday' ? sunday() : weekday();
  return hours;
}

export function weeklyHoursFor(random: SeededRandom, pattern: HoursPattern, allDayShare = 0): WeeklyHours {
  if (allDayShare > 0 && random.chance(allDayShare)) return week(() => ALL_DAY, () => ALL_DAY, () => ALL_DAY);
  const closedSunday = random.chance(0.35);
  const closedMonday = random.chance(0.25);
  let hours: WeeklyHours;
  switch (pattern) {
    case 'restaurant': {
      const late = random.chance(0.2);
      const weekday = span(random, 11, late ? 23 : 21.5);
      const weekend = span(random, random.chance(0.3) ? 9 : 11, late ? 25.5 : 23); // late kitchens close past midnight
      hours = week(() => weekday, () => weekend, () => (closedSunday ? CLOSED : weekday));
      if (closedMonday) hours.monday = CLOSED;
      return hours;
    }
    case 'bar': {
      const weekday = span(random, 16, random.chance(0.7) ? 26 : 24); // 02:00 / midnight
      const weekend = span(random, 12, 26, 0);
      hours = week(() => weekday, () => weekend, () => weekend);
      if (closedMonday) hours.monday = CLOSED;
      return hours;
    }
    case 'cafe': {
      const weekday = span(random, 6.5, random.chance(0.3) ? 20 : 16);
      const weekend = span(random, 7.5, 15);
      return week(() => weekday, () => weekend, () => (closedSunday && random.chance(0.3) ? CLOSED : weekend));
    }
    case 'bakery': {
      const weekday = span(random, 6.5, 15);
      hours = week(() => weekday, () => weekday, () => (closedSunday ? CLOSED : span(random, 7, 13, 0)));
      if (random.chance(0.5)) hours.monday = CLOSED;
      return hours;
    }
    case 'retail': {
      const weekday = span(random, 9.5, 20.5);
      return week(() => weekday, () => weekday, () => (closedSunday && random.chance(0.5) ? CLOSED : span(random, 11, 18, 0)));
    }
    case 'office': {
      const weekday = span(random, 8.5, 17.5);
      return week(() => weekday, () => (random.chance(0.2) ? span(random, 10, 14, 0) : CLOSED), () => CLOSED);
    }
    case 'trade': {
      const weekday = span(random, 7.5, 17.5);
      return week(() => weekday, () => (random.chance(0.5) ? span(random, 8, 13, 0) : CLOSED), () => (random.chance(0.2) ? span(random, 9, 13, 0) : CLOSED));
    }
    case 'salon': {
      const weekday = span(random, 9.5, 19);
      hours = week(() => weekday, () => span(random, 9, 17, 0), () => (random.chance(0.6) ? CLOSED : span(random, 11, 16, 0)));
      if (random.chance(0.7)) hours.monday = CLOSED;
      return hours;
    }
    case 'gym': {
      const weekday = span(random, 5, 22.5);
      const weekend = span(random, 7, 20);
      return week(() => weekday, () => weekend, () => weekend);
    }
    case 'clinic': {
      const weekday = span(random, 8, 18);
      return week(() => weekday, () => (random.chance(0.4) ? span(random, 9, 13, 0) : CLOSED), () => CLOSED);
    }
  }
}

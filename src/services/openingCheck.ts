// "Is this business open at ...?" (issue 23: the MCP check_open tool and GraphQL's openAt):
// one published profile, a local date and time in the business's own zone (or now), answered by
// the same opening rules search uses (domain/openingHours.ts), blackout dates included.
import { ValidationError } from '../domain/errors';
import { localTime } from '../domain/localTime';
import { clockText, isOpenAtClock, minutesOf } from '../domain/openingHours';
import type { Principal } from '../domain/principal';
import { type DayHours, WEEKDAYS, type Weekday } from '../domain/profile';
import { timeZoneAt } from '../domain/timeZone';
import type { Clock } from './profileMutation';
import type { ProfileService } from './profileService';

/** "YYYY-MM-DDTHH:MM" (seconds allowed and ignored), read as wall-clock time where the business is. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})(?::\d{2})?$/;

export interface OpeningCheck {
  businessId: string;
  name: string;
  /** IANA zone of the business; null when it has no coordinates. */
  timeZone: string | null;
  /** The local date and time checked, YYYY-MM-DDTHH:MM. */
  localTime: string;
  weekday: Weekday;
  open: boolean;
  /** The date is one of the business's blackout dates (closed all that day). */
  blackoutDate: boolean;
  /** The hours stated for that weekday; null when none are stated. */
  hoursThatDay: DayHours | null;
}

function parseLocal(text: string): { date: string; minutes: number; weekday: Weekday } {
  const match = LOCAL_DATE_TIME.exec(text);
  const minutes = match ? minutesOf(match[4]) : null;
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const day = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2026-02-30 into March: a date that does not round-trip does not exist.
  if (!match || minutes === null || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
    throw new ValidationError('localTime', 'must be a local date and time YYYY-MM-DDTHH:MM (no offset: it is read in the business\'s own time zone)');
  }
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return { date: `${match[1]}-${match[2]}-${match[3]}`, minutes, weekday: WEEKDAYS[(day.getUTCDay() + 6) % 7] };
}

export function createOpeningCheck(deps: { profiles: Pick<ProfileService, 'read'>; clock: Clock }) {
  const { profiles, clock } = deps;
  return async function checkOpen(principal: Principal, businessId: string, at?: string): Promise<OpeningCheck> {
    const profile = await profiles.read(principal, businessId);
    const coordinates = profile.location?.coordinates;
    const timeZone = coordinates ? timeZoneAt(coordinates) : null;
    let when: { date: string; minutes: number; weekday: Weekday };
    if (at !== undefined) when = parseLocal(at);
    else if (timeZone) when = localTime(timeZone, clock());
    else throw new ValidationError('localTime', 'is required: this business has no coordinates, so its time zone (and "now" there) is unknown');
    return {
      businessId: profile.id,
      name: profile.name,
      timeZone,
      localTime: `${when.date}T${clockText(when.minutes)}`,
      weekday: when.weekday,
      open: isOpenAtClock(profile.hours, profile.blackoutDates, when),
      blackoutDate: profile.blackoutDates.includes(when.date),
      hoursThatDay: profile.hours[when.weekday] ?? null,
    };
  };
}

export type CheckOpen = ReturnType<typeof createOpeningCheck>;

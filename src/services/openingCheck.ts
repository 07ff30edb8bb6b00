// "Is this business open at ...?" (the MCP check_open tool, GraphQL's openAt and REST's opening
// check): one published profile, a local date and time in the business's own zone, an instant with
// an offset ("2026-11-28T18:35:00Z", converted to that zone), or now, answered by the same opening
// rules search uses (domain/openingHours.ts), blackout dates included.
import type { Static } from 'typebox';
import { ValidationError } from '../domain/errors';
import { type OperatingStatus, operatingStatusOf } from '../domain/freshness/operatingStatus';
import { localTime } from '../domain/localTime';
import { clockText, isOpenAtClock, minutesOf } from '../domain/openingHours';
import type { Principal } from '../domain/principal';
import { WEEKDAYS, locationOf, type Weekday } from '../domain/profile';
import { timeZoneAt } from '../domain/timeZone';
import type { openingCheckSchema } from '../schemas/responses/assistant';
import type { Clock } from './profileMutation';
import type { ProfileService } from './profileService';

/** "YYYY-MM-DDTHH:MM" (seconds allowed and ignored), read as wall-clock time where the business is. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})(?::\d{2}(?:\.\d{1,9})?)?$/;
/** The same followed by "Z" or an offset (+05:30, -0600): an instant, which is unambiguous anywhere. */
const WITH_OFFSET = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}:?\d{2})$/i;

const LOCAL_TIME_FORMS =
  'must be a local date and time YYYY-MM-DDTHH:MM (read in the business\'s own time zone) or an instant with an offset (2026-11-28T18:35:00Z, 2026-11-28T12:35-06:00)';

export type OpeningCheck = Static<typeof openingCheckSchema>;

/** Whether the operating status closes the business on `date` (a temporary closure ends on its reopening day). */
function closureOn(status: OperatingStatus, date: string): OpeningCheck['closure'] {
  if (status.status === 'permanently_closed') return 'permanently_closed';
  if (status.status === 'temporarily_closed' && (status.reopensOn === undefined || date < status.reopensOn)) return 'temporarily_closed';
  return null;
}

function parseLocal(text: string): { date: string; minutes: number; weekday: Weekday } {
  const match = LOCAL_DATE_TIME.exec(text);
  const minutes = match ? minutesOf(match[4]) : null;
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const day = new Date(Date.UTC(y, m - 1, d));
  // Date.UTC rolls 2026-02-30 into March: a date that does not round-trip does not exist.
  if (!match || minutes === null || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d) {
    throw new ValidationError('localTime', LOCAL_TIME_FORMS);
  }
  // getUTCDay: 0 is Sunday; WEEKDAYS starts on Monday.
  return { date: `${match[1]}-${match[2]}-${match[3]}`, minutes, weekday: WEEKDAYS[(day.getUTCDay() + 6) % 7] };
}

/** An instant with an offset, as a Date; undefined when the text has no offset (a local time). */
function parseInstant(text: string): Date | undefined {
  const match = WITH_OFFSET.exec(text);
  if (!match) return undefined;
  parseLocal(match[1]); // the date and clock must exist (no 2026-02-30, no 25:00)
  const zone = match[2].toUpperCase();
  const offset = zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  // Offsets in use run from -12:00 to +14:00; ISO allows up to 18 hours.
  if (offset !== 'Z' && (Number(offset.slice(1, 3)) > 18 || Number(offset.slice(4)) > 59)) throw new ValidationError('localTime', LOCAL_TIME_FORMS);
  return new Date(`${match[1]}${offset}`);
}

/** What `at` means for a business in `timeZone`: an instant converted to its wall clock, or a local time read as is. */
function whenOf(at: string, timeZone: string | null): { date: string; minutes: number; weekday: Weekday } {
  const instant = parseInstant(at);
  if (!instant) return parseLocal(at);
  if (!timeZone) throw new ValidationError('localTime', 'must be a local time YYYY-MM-DDTHH:MM: this business has no coordinates, so its time zone (and the wall clock at an instant) is unknown');
  return localTime(timeZone, instant);
}

export function createOpeningCheck(deps: { profiles: Pick<ProfileService, 'read'>; clock: Clock }) {
  const { profiles, clock } = deps;
  return async function checkOpen(principal: Principal, businessId: string, at?: string): Promise<OpeningCheck> {
    const profile = await profiles.read(principal, businessId);
    const { coordinates } = locationOf(profile);
    const timeZone = coordinates ? timeZoneAt(coordinates) : null;
    let when: { date: string; minutes: number; weekday: Weekday };
    if (at !== undefined) when = whenOf(at, timeZone);
    else if (timeZone) when = localTime(timeZone, clock());
    else throw new ValidationError('localTime', 'is required: this business has no coordinates, so its time zone (and "now" there) is unknown');
    const status = operatingStatusOf(profile);
    const closure = closureOn(status, when.date);
    return {
      businessId: profile.id,
      name: profile.name,
      timeZone,
      localTime: `${when.date}T${clockText(when.minutes)}`,
      weekday: when.weekday,
      open: closure === null && isOpenAtClock(profile.hours, profile.blackoutDates, when),
      blackoutDate: profile.blackoutDates.includes(when.date),
      hoursThatDay: profile.hours[when.weekday] ?? null,
      closure,
      reopensOn: status.reopensOn ?? null,
    };
  };
}

export type CheckOpen = ReturnType<typeof createOpeningCheck>;

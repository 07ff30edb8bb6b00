// Converting between instants and wall-clock times of an IANA zone with Intl only (no date
// library), for the booking calendar: a local opening time to the instant it happens, and an
// instant to ISO 8601 with the zone's offset at that instant ("2026-03-08T09:00:00-05:00").
import { localTime } from '../openingHours';

const MINUTE_MS = 60_000;

/** The zone's offset from UTC at `instantMs`, in minutes (America/Chicago in winter: -360). */
export function offsetMinutesAt(timeZone: string, instantMs: number): number {
  const floored = Math.floor(instantMs / MINUTE_MS) * MINUTE_MS;
  const local = localTime(timeZone, new Date(floored));
  const localAsUtc = Date.parse(`${local.date}T00:00:00Z`) + local.minutes * MINUTE_MS;
  return Math.round((localAsUtc - floored) / MINUTE_MS);
}

/**
 * The instant at which the zone's clocks show `minutes` past midnight on `date` (YYYY-MM-DD).
 * A time repeated when clocks go back is its first occurrence; a time skipped when they go
 * forward is taken as the same distance after the jump (02:30 on a 02:00 -> 03:00 night is 03:30).
 */
export function instantOfLocal(timeZone: string, date: string, minutes: number): number {
  const asUtc = Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE_MS;
  const firstGuess = asUtc - offsetMinutesAt(timeZone, asUtc) * MINUTE_MS;
  const secondGuess = asUtc - offsetMinutesAt(timeZone, firstGuess) * MINUTE_MS;
  const shows = (instant: number) => {
    const local = localTime(timeZone, new Date(instant));
    return local.date === date && local.minutes === minutes;
  };
  const valid = [firstGuess, secondGuess].filter(shows);
  // Both show it: the clocks went back, take the earlier. Neither: a skipped time, after the jump.
  return valid.length > 0 ? Math.min(...valid) : Math.max(firstGuess, secondGuess);
}

/** ISO 8601 with the zone's offset at that instant, to the second. */
export function isoInZone(timeZone: string, instantMs: number): string {
  const offset = offsetMinutesAt(timeZone, instantMs);
  const wall = new Date(instantMs + offset * MINUTE_MS).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

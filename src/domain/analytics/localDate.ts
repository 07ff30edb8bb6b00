// The business's own local day of an instant (issue 18: "days are the business's own local
// days"). Whoever creates an event knows the business (its coordinates give its zone, see
// domain/timeZone.ts) and stamps the event with this date, so rollups can be keyed by local day
// without the analytics store ever reading profiles.
import { timeZoneAt } from '../timeZone';

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD; a zone Intl does not know throws RangeError here.
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD` of `instant` on the wall clock of `timeZone` (an IANA name such as America/Chicago). */
export function localDateOf(instant: string | Date, timeZone: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) throw new RangeError(`not an instant: ${String(instant)}`);
  const parts = formatterFor(timeZone).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The UTC instant at which local day `date` (YYYY-MM-DD) begins in `timeZone`. */
export function startOfLocalDay(date: string, timeZone: string): Date {
  // Start from UTC midnight of that calendar date and correct by the zone's offset there; a second
  // pass settles days whose offset changes near midnight (DST transitions).
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  let guess = utcMidnight;
  for (let pass = 0; pass < 2; pass += 1) guess = utcMidnight - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = offsetFormatter(timeZone).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A business's time zone: from its coordinates (domain/timeZone.ts), UTC for a profile without them. */
export function businessTimeZone(location: { coordinates?: { lat: number; lon: number } } | undefined): string {
  const coordinates = location?.coordinates;
  return coordinates ? timeZoneAt(coordinates) : 'UTC';
}

// The shape every stored analytics event keeps, checked by each AnalyticsStore adapter before a
// batch is written, so a malformed event from any producer (recorder, ingestion, bookings) stops
// the whole batch with a ValidationError naming it instead of storing half of it.
import { ValidationError } from '../errors';
import type { Environment } from '../profile';
import { ANALYTICS_EVENT_TYPES, ANALYTICS_SURFACES, CRAWL_PURPOSES, type AnalyticsEvent } from './analyticsEvent';

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TYPES: ReadonlySet<string> = new Set(ANALYTICS_EVENT_TYPES);
const SURFACES: ReadonlySet<string> = new Set(ANALYTICS_SURFACES);
const ENVIRONMENTS: ReadonlySet<string> = new Set<Environment>(['live', 'test']);
const MAX_KEY_LENGTH = 200;
const MAX_QUERY_LENGTH = 500;

function text(value: unknown, max: number): boolean {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

/** Returns the name of the first bad field of `event`, or null when it can be stored. */
function badField(event: AnalyticsEvent): [string, string] | null {
  if (!text(event.eventId, MAX_KEY_LENGTH)) return ['eventId', `must be 1-${MAX_KEY_LENGTH} characters`];
  if (!TYPES.has(event.type)) return ['type', `must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}`];
  if (!text(event.businessId, MAX_KEY_LENGTH)) return ['businessId', 'is required'];
  if (!ENVIRONMENTS.has(event.environment)) return ['environment', 'must be live or test'];
  if (typeof event.timestamp !== 'string' || Number.isNaN(Date.parse(event.timestamp))) return ['timestamp', 'must be an ISO 8601 instant'];
  if (typeof event.localDate !== 'string' || !LOCAL_DATE.test(event.localDate)) return ['localDate', 'must be YYYY-MM-DD'];
  if (!text(event.platform, 100)) return ['platform', 'is required'];
  if (!SURFACES.has(event.surface)) return ['surface', `must be one of ${ANALYTICS_SURFACES.join(', ')}`];
  if (event.journeyId !== undefined && !text(event.journeyId, MAX_KEY_LENGTH)) return ['journeyId', `must be 1-${MAX_KEY_LENGTH} characters`];
  if (event.query !== undefined && !text(event.query, MAX_QUERY_LENGTH)) return ['query', `must be 1-${MAX_QUERY_LENGTH} characters`];
  if (event.position !== undefined && (!Number.isInteger(event.position) || event.position < 1)) return ['position', 'must be a whole number from 1'];
  if (event.value !== undefined && (typeof event.value !== 'number' || !Number.isFinite(event.value) || event.value < 0)) return ['value', 'must be a number from 0'];
  if (event.currency !== undefined && !/^[A-Z]{3}$/.test(event.currency)) return ['currency', 'must be an ISO 4217 code'];
  if ((event.type === 'crawl') !== (event.crawlPurpose !== undefined) || (event.crawlPurpose !== undefined && !CRAWL_PURPOSES.includes(event.crawlPurpose))) {
    return ['crawlPurpose', `is required on crawl events only, one of ${CRAWL_PURPOSES.join(', ')}`];
  }
  if (event.reporter !== undefined && !text(event.reporter, MAX_KEY_LENGTH)) return ['reporter', `must be 1-${MAX_KEY_LENGTH} characters`];
  return null;
}

/** Throws ValidationError for the first malformed event (`events[3].timestamp`). */
export function checkAnalyticsEvents(events: readonly AnalyticsEvent[]): void {
  if (!Array.isArray(events)) throw new ValidationError('events', 'must be an array');
  events.forEach((event, index) => {
    const bad = event && typeof event === 'object' ? badField(event) : (['', 'must be an object'] as [string, string]);
    if (bad) throw new ValidationError(`events[${index}]${bad[0] ? `.${bad[0]}` : ''}`, bad[1]);
  });
}

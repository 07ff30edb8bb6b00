// POST /analytics/events: events partners and businesses report after an answer.
// The whole batch is checked first (form by the schema, then time window, value/currency,
// platform, business and permission per item, in order); the first bad item stops it with an
// error naming `events[i].field` and nothing is stored. Accepted batches are appended to the
// analytics store directly, not through the recorder's buffer: the 202 means they are stored.
import { resolveAiPlatform } from '../../domain/analytics/aiPlatform';
import type { AnalyticsEvent } from '../../domain/analytics/analyticsEvent';
import { normaliseQuery } from '../../domain/analytics/answerEvents';
import { businessLocalDate } from '../../domain/analytics/businessDay';
import { ForbiddenError, ValidationError } from '../../domain/errors';
import type { Principal } from '../../domain/principal';
import type { BusinessProfile } from '../../domain/profile';
import type { Store } from '../../ports/store';
import { type IngestedEventInput, MAX_EVENT_AGE_DAYS } from '../../schemas/endpoints/analyticsEvents';
import type { EventAppender } from './bufferedEventRecorder';
import type { PartnerDecision } from '../../domain/partnerAgreement';
import { type PartnerAccess, partnerRefusal } from '../partners/partnerAccess';
import { mayIngestFor } from './ingestionAccess';

/** How far ahead of our clock a timestamp may be: the sender's clock may run a little fast. */
export const CLOCK_SKEW_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface IngestionResult {
  accepted: number;
  duplicates: number;
}

export function createEventIngestion(deps: {
  store: Pick<Store, 'profiles' | 'analyticsPlatforms'>;
  analytics: EventAppender;
  /** Whether the caller holds a partnership agreement in force for event ingestion. */
  partnerAccess: Pick<PartnerAccess, 'decide'>;
  clock: () => Date;
}) {
  const { store, analytics, clock, partnerAccess } = deps;
  const isRegistered = (name: string) => store.analyticsPlatforms.has(name);

  return async function ingest(principal: Principal, defaultPlatform: string, events: IngestedEventInput[]): Promise<IngestionResult> {
    const now = clock().getTime();
    const profiles = new Map<string, Promise<BusinessProfile | null>>();
    for (const { businessId } of events) {
      if (profiles.has(businessId)) continue;
      const lookup = store.profiles.get(principal.environment, businessId);
      // Awaited in item order below; an earlier bad item must not leave this rejection unhandled.
      lookup.catch(() => undefined);
      profiles.set(businessId, lookup);
    }

    // Read once per batch and only when an item is someone else's business.
    let partner: Promise<PartnerDecision> | undefined;
    const partnerDecision = () => (partner ??= partnerAccess.decide(principal, 'event_ingestion', new Date(now)));

    const checked: AnalyticsEvent[] = [];
    for (const [index, event] of events.entries()) {
      const field = (name: string) => `events[${index}].${name}`;
      const at = Date.parse(event.timestamp);
      if (at > now + CLOCK_SKEW_MS) throw new ValidationError(field('timestamp'), 'must not be in the future');
      if (at < now - MAX_EVENT_AGE_DAYS * DAY_MS) throw new ValidationError(field('timestamp'), `must be at most ${MAX_EVENT_AGE_DAYS} days old`);
      if (event.type !== 'conversion' && (event.value !== undefined || event.currency !== undefined)) {
        throw new ValidationError(field(event.value !== undefined ? 'value' : 'currency'), 'is only for conversion events');
      }
      if ((event.value === undefined) !== (event.currency === undefined)) {
        throw new ValidationError(field(event.value === undefined ? 'value' : 'currency'), 'value and currency go together');
      }
      const platform = event.platform === undefined ? defaultPlatform : await resolveAiPlatform({ relayed: event.platform }, isRegistered, field('platform'));
      const profile = await profiles.get(event.businessId);
      // Another environment's business does not exist here: a sandbox key cannot touch live analytics.
      if (!profile) throw new ValidationError(field('businessId'), 'no such business in this environment');
      const decision = profile.ownerId === principal.accountId ? undefined : await partnerDecision();
      if (!mayIngestFor(principal, profile, decision?.allowed === true)) {
        // A partner whose agreement is not in force is told why; anyone else, what the rule is.
        if (decision && !decision.allowed && decision.reason !== 'no_agreement') {
          const refusal = partnerRefusal(decision, 'event_ingestion');
          throw new ForbiddenError(refusal.message, { ...refusal.details, field: field('businessId') });
        }
        throw new ForbiddenError('You may report events only for businesses you own (partners: published businesses)', { field: field('businessId') });
      }
      const query = normaliseQuery(event.query);
      checked.push({
        eventId: event.eventId,
        type: event.type,
        businessId: event.businessId,
        environment: principal.environment,
        timestamp: new Date(at).toISOString(),
        localDate: businessLocalDate(new Date(at), profile.location),
        platform,
        journeyId: event.journeyId,
        ...(query && { query }),
        surface: 'ingested',
        ...(event.value !== undefined && { value: event.value, currency: event.currency }),
        reporter: principal.accountId,
      });
    }
    return analytics.append(checked);
  };
}

export type EventIngestion = ReturnType<typeof createEventIngestion>;

// The events one answer produces, as a pure function: per returned business an
// `impression` with its 1-based position among the businesses of that answer (a second page's
// first business is position 1 of its answer), a `citation` when the answer's generated summary names
// it, and a `comparison` when the same page holds at least one other business of its category.
import { categoryKeysOf } from '../categories/canonicalCategory';
import { foldAccents } from '../search/foldAccents';
import { normalise } from '../search/groundedSummary';
import type { Environment } from '../profile';
import type { AnalyticsEvent, AnalyticsSurface } from './analyticsEvent';
import { localDateOf } from '../localTime';

export interface AnsweredBusiness {
  id: string;
  name: string;
  category: string;
  /** IANA zone of the business (search documents carry it); absent: UTC. Gives each event's localDate. */
  timeZone?: string;
}

export interface Answer {
  environment: Environment;
  surface: AnalyticsSurface;
  platform: string;
  /** The consumer's session id; absent when the caller sent none (partner search without X-Session-ID). */
  journeyId?: string;
  /** The text the caller searched for, as typed (normalised here). */
  query?: string;
  /** The businesses of the answer in the order shown. */
  businesses: readonly AnsweredBusiness[];
  /** The generated summary, when the surface writes one. */
  summary?: string;
  at: Date;
}

/** Trimmed, lower-cased, white space folded: "  Vegan  Tacos " and "vegan tacos" count as one query. */
export function normaliseQuery(text: string | undefined): string | undefined {
  const folded = text?.replace(/\s+/g, ' ').trim().toLowerCase();
  return folded ? folded : undefined;
}

/** The business's kind in the category taxonomy ("amenity/dentist"), else its label in lower case. */
function categoryKey(category: string): string {
  return categoryKeysOf(category)[0] ?? category.trim().toLowerCase();
}

const comparable = (text: string) => ` ${normalise(foldAccents(text))} `;

/**
 * The ids of the businesses whose name the summary contains as a phrase (case, accents and
 * punctuation ignored). Longer names are cut out first, so "Green Leaf Kitchen" in the text does
 * not also count as a citation of a business called "Green Leaf".
 */
export function citedBusinessIds(summary: string, businesses: readonly AnsweredBusiness[]): Set<string> {
  let rest = comparable(summary);
  const cited = new Set<string>();
  const longestFirst = [...businesses].sort((a, b) => b.name.length - a.name.length);
  for (const business of longestFirst) {
    const name = comparable(business.name);
    if (name.trim().length === 0 || !rest.includes(name)) continue;
    cited.add(business.id);
    rest = rest.split(name).join(' \u00b6 ');
  }
  return cited;
}

/** `newEventId` gives each event its de-duplication id (the recorder's are `evt_` + random). */
export function answerEvents(answer: Answer, newEventId: () => string): AnalyticsEvent[] {
  const { businesses } = answer;
  const timestamp = answer.at.toISOString();
  const query = normaliseQuery(answer.query);
  const cited = answer.summary ? citedBusinessIds(answer.summary, businesses) : new Set<string>();
  const categories = businesses.map((business) => categoryKey(business.category));
  const perCategory = new Map<string, number>();
  for (const key of categories) perCategory.set(key, (perCategory.get(key) ?? 0) + 1);

  // One local day per time zone of the answer (Intl formatting is the costly part of recording).
  const localDates = new Map<string, string>();
  const localDate = (zone: string) => {
    let date = localDates.get(zone);
    if (date === undefined) {
      date = localDateOf(answer.at, zone);
      localDates.set(zone, date);
    }
    return date;
  };
  const events: AnalyticsEvent[] = [];
  // Built by assignment, not spreads: this runs for every business of every answer.
  const event = (type: AnalyticsEvent['type'], business: AnsweredBusiness): AnalyticsEvent => {
    const built: AnalyticsEvent = {
      eventId: newEventId(),
      type,
      businessId: business.id,
      environment: answer.environment,
      timestamp,
      localDate: localDate(business.timeZone ?? 'UTC'),
      platform: answer.platform,
      surface: answer.surface,
    };
    if (answer.journeyId) built.journeyId = answer.journeyId;
    if (query) built.query = query;
    return built;
  };
  businesses.forEach((business, index) => {
    const impression = event('impression', business);
    impression.position = index + 1;
    events.push(impression);
    if (cited.has(business.id)) events.push(event('citation', business));
    if ((perCategory.get(categories[index]) ?? 0) > 1) events.push(event('comparison', business));
  });
  return events;
}

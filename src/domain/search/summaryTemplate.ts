// The default `response` text of consumer search: deterministic and built only from the
// businesses being returned and the reasons ranking gave for them, so it can never name a
// place that is not in the list or state a fact the data does not hold.
import { closedPhrase, documentStatus } from '../freshness/operatingStatus';
import { kindName } from '../categories/taxonomy';
import type { SearchIntent } from './intent';
import { askedThings } from './queryMatch';
import type { RankedResult } from './ranking';
import type { SpellingCorrection } from './spelling';
import type { SummaryRequest } from './summaryRequest';
import { spellingNoteEs, templateSummaryEs } from './summaryTemplateEs';

const MAX_PICKS = 3;
const MAX_REASONS_PER_PICK = 4;
const MAX_QUOTED_QUERY = 120;
const MAX_NAMED_TYPOS = 5;

export type { SummaryRequest } from './summaryRequest';

function quoted(query: string): string {
  const clean = query.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `"${clean.length > MAX_QUOTED_QUERY ? `${clean.slice(0, MAX_QUOTED_QUERY - 1)}…` : clean}"`;
}

/** Said before the summary when the sentence was searched with its typos corrected (in the summary's language). */
export function spellingNote(correction: SpellingCorrection, language: 'en' | 'es' = 'en'): string {
  if (language === 'es') return spellingNoteEs(correction);
  // A 500-character sentence can hold dozens of typos: name a few, count the rest, as the
  // sentence itself is cut to MAX_QUOTED_QUERY characters.
  const words = correction.corrections.map((c) => quoted(c.from));
  // Collapsed only when at least two are left to count: never "1 other words".
  const named = words.length > MAX_NAMED_TYPOS + 1 ? [...words.slice(0, MAX_NAMED_TYPOS), `${words.length - MAX_NAMED_TYPOS} other words`] : words;
  return `Showing results for ${quoted(correction.text)}: no business mentions ${joinList(named)}.`;
}

function places(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

/** What to loosen when nothing matched: only conditions the search really had, the place first. */
function suggestions({ intent, radiusKm, category }: SummaryRequest): string[] {
  const out: string[] = [];
  if (radiusKm !== undefined) out.push('widen the search radius');
  if (intent.place) out.push(intent.place.postalCode && !intent.place.city ? 'try a nearby ZIP code' : 'try a nearby city');
  if (category !== undefined) out.push(`drop the category filter (${quoted(category)})`);
  if (intent.when) out.push('drop the opening-time filter');
  if (intent.price?.maxAmount !== undefined) out.push('raise the price limit');
  if (intent.quality?.minRating !== undefined || intent.quality?.verifiedOnly) out.push('relax the rating or verification requirement');
  if (intent.quality?.minReviews !== undefined) out.push('ask for fewer reviews');
  const words = intent.terms.length + intent.serviceTerms.length;
  if (words > 1) out.push('use fewer words');
  if (words > 0) out.push('check the spelling');
  if (out.length === 0) out.push('describe the place in other words');
  return out;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/** Where the search looked, as the sentence or the request said it: "near Austin", "within 25 km". */
function wherePhrase({ intent, radiusKm }: SummaryRequest): string {
  const place = intent.place;
  if (place?.near) return ` near ${place.near}`;
  if (place?.city) return ` in ${place.city}`;
  if (place?.postalCode) return ` in ${place.postalCode}`;
  if (place?.state) return ` in ${place.state}`;
  return radiusKm !== undefined ? ` within ${radiusKm} km` : '';
}

/**
 * The first sentence when nothing found is what was asked for: "No business near Austin offers
 * "ramen"." Said of the businesses this search could reach, with its other conditions.
 */
function noneMatchLead(request: SummaryRequest): string {
  const { intent } = request;
  const things = askedThings(intent);
  const where = wherePhrase(request);
  const filtered = intent.when || intent.price || intent.quality || request.category !== undefined;
  const conditions = filtered ? ' and meets the other conditions' : '';
  if (things.length > 0) {
    // Dishes and services are offered; other words ("vegan", "romantic") are only mentioned.
    const verb = intent.terms.length > 0 ? 'mentions' : 'offers';
    return `No business${where} ${verb} ${joinList(things.map(quoted))}${conditions}.`;
  }
  const kinds = intent.categoryWords ?? [];
  const listed = intent.categories.length > 0 ? `is listed as ${joinList(kindNames(intent.categories))}` : '';
  const mentions = kinds.length > 0 ? `mentions ${joinList(kinds.map(quoted))}` : '';
  return `No business${where} ${[listed, mentions].filter(Boolean).join(' or ')}${conditions}.`;
}

/**
 * A pick's category, when the sentence named kinds of place and the pick is not listed under one:
 * said as what the profile states ("listed under Bakeries"), never as what it is not.
 */
function categoryNote(intent: SearchIntent, result: RankedResult): string | undefined {
  if (intent.categories.length === 0) return undefined;
  const label = result.document.category.trim();
  if ((result.document.categoryKeys ?? []).some((key) => intent.categories.includes(key)) || label === '') return undefined;
  return `listed under ${label}`;
}

/** Kinds as people read them: "Dentist", "Pizza Restaurant" (lower case inside a sentence). */
export function kindNames(keys: readonly string[]): string[] {
  return [...new Set(keys.map((key) => kindName(key).toLowerCase()))];
}

function pick(intent: SearchIntent, result: RankedResult): string {
  const note = categoryNote(intent, result);
  // A closure is said first and always, whatever else is said of the pick.
  const closed = closedPhrase(documentStatus(result.document));
  const reasons = [...(closed ? [closed] : []), ...[...(note ? [note] : []), ...result.reasons].slice(0, MAX_REASONS_PER_PICK)];
  return reasons.length > 0 ? `${result.document.name} (${reasons.join(', ')})` : result.document.name;
}

/** "pizza near me" sent without a location cannot be answered by distance: say so. */
function unlocatedCaveat({ intent, radiusKm }: SummaryRequest): string {
  return intent.nearby && radiusKm === undefined && !intent.place ? ' The search had no location, so these are not sorted by distance.' : '';
}


/** The language a summary is written in for this sentence: its own when the template has it, else English. */
export function summaryLanguage(intent: SearchIntent): 'en' | 'es' {
  return intent.language?.split('-')[0] === 'es' ? 'es' : 'en';
}

/**
 * `totalIsEstimate`: `total` is a lower bound, said as "at least" (never a precise-looking count).
 * A Spanish sentence gets the Spanish template; a sentence in a language the template does not
 * speak gets the English one, with the businesses' own words.
 */
export function templateSummary(request: SummaryRequest, ranked: RankedResult[], total: number, totalIsEstimate = false): string {
  if (summaryLanguage(request.intent) === 'es') return templateSummaryEs(request, ranked, total, totalIsEstimate);
  const { query, intent } = request;
  if (request.nothingAsked) {
    return `No places matched ${quoted(query)}: it has no word to search for. What are you looking for? Name a kind of place, a dish or a service, for example "tacos in Austin".`;
  }
  if (total <= 0) {
    return `No places matched ${quoted(query)}. You could ${joinList(suggestions(request))}.`;
  }
  const offset = request.offset ?? 0;
  if (request.noneMatch) {
    const lead = noneMatchLead(request);
    if (ranked.length === 0) return `${lead} There are no more results on this page.`;
    const label = offset > 0 ? `Other places from result ${offset + 1}` : ranked.length === 1 ? 'Another place found' : 'Other places found';
    return `${lead}${unlocatedCaveat(request)} ${label}: ${ranked.slice(0, MAX_PICKS).map((r) => pick(intent, r)).join('; ')}.`;
  }
  const found = request.widened
    ? `${widenedLead(request)} Found ${totalIsEstimate ? 'at least ' : ''}${places(total)} whose profiles mention it or a related word.`
    : `Found ${totalIsEstimate ? 'at least ' : ''}${places(total)} for ${quoted(query)}.`;
  if (ranked.length === 0) return `${found} There are no more results on this page.`;
  // Picks are what was asked for; results marked matchesQuery false only follow them.
  const matching = ranked.filter((r) => r.matchesQuery !== false);
  const picks = (matching.length > 0 ? matching : ranked).slice(0, MAX_PICKS).map((r) => pick(intent, r));
  // Past the first page these are not the top picks: say where the page starts.
  const label = offset > 0 ? `From result ${offset + 1}` : picks.length === 1 ? 'Top pick' : 'Top picks';
  return `${found}${unlocatedCaveat(request)} ${label}: ${picks.join('; ')}.${unmatchedNote(request, ranked)}`;
}

/** "No business within 25 km is listed as a plumber." Said of the kinds the sentence named. */
function widenedLead(request: SummaryRequest): string {
  const kinds = kindNames(request.intent.namedCategories ?? []);
  const filtered = request.intent.when || request.intent.price || request.intent.quality;
  return `No business${wherePhrase(request)} is listed as ${joinList(kinds.map((kind) => `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}`))}${filtered ? ' and meets the other conditions' : ''}.`;
}

/** Said after the picks when some results on the page are not what was asked for. */
export function unmatchedNote(request: SummaryRequest, ranked: RankedResult[]): string {
  const others = ranked.filter((r) => r.matchesQuery === false).length;
  if (others === 0 || request.noneMatch) return '';
  const { intent } = request;
  const things = askedThings(intent);
  const asked = things.length > 0 ? things.map(quoted) : (intent.categoryWords ?? []).map(quoted);
  const what = asked.length > 0 ? joinList(asked) : joinList(kindNames(intent.categories));
  const all = others === ranked.length;
  const subject = all ? (others === 1 ? 'The result' : `The ${others} results`) : others === 1 ? 'One other result' : `${others} other results`;
  return ` ${subject} on this page ${others === 1 ? 'is' : 'are'} not a match for ${what}.`;
}

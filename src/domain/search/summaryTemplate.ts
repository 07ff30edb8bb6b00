// The default `response` text of consumer search: deterministic and built only from the
// businesses being returned and the reasons ranking gave for them, so it can never name a
// place that is not in the list or state a fact the data does not hold.
import { normalizeKeyword } from '../../ports/searchIndex';
import type { SearchIntent } from './intent';
import type { RankedResult } from './ranking';
import type { SpellingCorrection } from './spelling';

const MAX_PICKS = 3;
const MAX_REASONS_PER_PICK = 4;
const MAX_QUOTED_QUERY = 120;
const MAX_NAMED_TYPOS = 5;

/** What the caller asked: the sentence, what it was understood as, and the request's own filters. */
export interface SummaryRequest {
  query: string;
  intent: SearchIntent;
  /** The circle searched: the request's location or a "near <city>" centre. Absent for city filters. */
  radiusKm?: number;
  /** The request's `category` filter. */
  category?: string;
  /** Results skipped before this page; absent or 0 on the first page. */
  offset?: number;
}

function quoted(query: string): string {
  const clean = query.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `"${clean.length > MAX_QUOTED_QUERY ? `${clean.slice(0, MAX_QUOTED_QUERY - 1)}…` : clean}"`;
}

/** Said before the summary when the sentence was searched with its typos corrected. */
export function spellingNote(correction: SpellingCorrection): string {
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

/**
 * When the sentence named a kind of place ("dentist") and none of the returned businesses is
 * listed under it (they only mention it), the text says so instead of implying they are that kind.
 */
function categoryCaveat(intent: SearchIntent, ranked: RankedResult[]): string {
  if (intent.categories.length === 0) return '';
  const wanted = new Set(intent.categories.map(normalizeKeyword));
  if (ranked.some((r) => wanted.has(normalizeKeyword(r.document.category)))) return '';
  const these = ranked.length === 1 ? 'It is not' : 'None of these is';
  return ` ${these} listed under ${joinList(intent.categories)}.`;
}

/** "pizza near me" sent without a location cannot be answered by distance: say so. */
function unlocatedCaveat({ intent, radiusKm }: SummaryRequest): string {
  return intent.nearby && radiusKm === undefined && !intent.place ? ' The search had no location, so these are not sorted by distance.' : '';
}

/** `totalIsEstimate`: `total` is a lower bound, said as "at least" (never a precise-looking count). */
export function templateSummary(request: SummaryRequest, ranked: RankedResult[], total: number, totalIsEstimate = false): string {
  const { query, intent } = request;
  if (total <= 0) {
    return `No places matched ${quoted(query)}. You could ${joinList(suggestions(request))}.`;
  }
  const found = `Found ${totalIsEstimate ? 'at least ' : ''}${places(total)} for ${quoted(query)}.`;
  if (ranked.length === 0) return `${found} There are no more results on this page.`;
  const picks = ranked.slice(0, MAX_PICKS).map((r) => {
    const reasons = r.reasons.slice(0, MAX_REASONS_PER_PICK);
    return reasons.length > 0 ? `${r.document.name} (${reasons.join(', ')})` : r.document.name;
  });
  // Past the first page these are not the top picks: say where the page starts.
  const offset = request.offset ?? 0;
  const label = offset > 0 ? `From result ${offset + 1}` : picks.length === 1 ? 'Top pick' : 'Top picks';
  return `${found}${categoryCaveat(intent, ranked)}${unlocatedCaveat(request)} ${label}: ${picks.join('; ')}.`;
}

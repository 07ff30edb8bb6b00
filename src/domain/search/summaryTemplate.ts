// The default `response` text of consumer search: deterministic and built only from the
// businesses being returned and the reasons ranking gave for them, so it can never name a
// place that is not in the list or state a fact the data does not hold.
import type { SearchIntent } from './intent';
import type { RankedResult } from './ranking';

const MAX_PICKS = 3;
const MAX_REASONS_PER_PICK = 4;
const MAX_QUOTED_QUERY = 120;

function quoted(query: string): string {
  const clean = query.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `"${clean.length > MAX_QUOTED_QUERY ? `${clean.slice(0, MAX_QUOTED_QUERY - 1)}…` : clean}"`;
}

function places(count: number): string {
  return count === 1 ? '1 place' : `${count} places`;
}

/** What to loosen when nothing matched, most restrictive first. */
function suggestions(intent: SearchIntent): string[] {
  const out: string[] = [];
  if (intent.place) out.push('widen the search radius or try a nearby city');
  else out.push('widen the search radius');
  if (intent.when) out.push('drop the opening-time filter');
  if (intent.price?.maxAmount !== undefined) out.push('raise the price limit');
  if (intent.quality?.minRating !== undefined || intent.quality?.verifiedOnly) out.push('relax the rating or verification requirement');
  if (intent.terms.length + intent.serviceTerms.length > 1) out.push('use fewer words');
  return out;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

export function templateSummary(query: string, intent: SearchIntent, ranked: RankedResult[], total: number): string {
  if (total <= 0) {
    return `No places matched ${quoted(query)}. Try to ${joinList(suggestions(intent))}.`;
  }
  const found = `Found ${places(total)} for ${quoted(query)}.`;
  if (ranked.length === 0) return `${found} There are no more results on this page.`;
  const picks = ranked.slice(0, MAX_PICKS).map((r) => {
    const reasons = r.reasons.slice(0, MAX_REASONS_PER_PICK);
    return reasons.length > 0 ? `${r.document.name} (${reasons.join(', ')})` : r.document.name;
  });
  const label = picks.length === 1 ? 'Top pick' : 'Top picks';
  return `${found} ${label}: ${picks.join('; ')}.`;
}

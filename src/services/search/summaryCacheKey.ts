// The key a consumer search's summary is cached under (consumerSearch.ts, the summarise stage).
import { createHash } from 'node:crypto';
import type { RankedResult } from '../../domain/search/ranking';
import type { SummaryRequest } from '../../domain/search/summaryTemplate';

/**
 * Everything the summary text depends on: the sentence, the request's filters and the page. Each
 * result counts with its version and its reasons, which hold what differs between callers who get
 * the same businesses: the distance from each caller, "open now", "fits your recent searches".
 * The sentence and the category keep their case: the text quotes them as the caller typed them.
 */
export function summaryCacheKey(request: SummaryRequest, results: RankedResult[], total: number): string {
  const normalised = request.query.replace(/\s+/g, ' ').trim();
  const filters = `${request.radiusKm ?? ''}|${request.category ?? ''}|${request.offset ?? 0}|${request.noneMatch ? 'none' : ''}|${request.widened ? 'widened' : ''}|${request.nothingAsked ? 'nothing' : ''}|${request.intent.language ?? 'en'}`;
  const page = results
    .map((result) => `${result.document.id}@${result.document.updatedAt}:${result.matchesQuery === false ? 'other' : ''}:${result.reasons.join(';')}`)
    .join(',');
  return `summary:${createHash('sha256').update(`${normalised}|${filters}|${total}|${page}`).digest('base64url')}`;
}

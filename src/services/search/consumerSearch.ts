// Consumer search (spec 4.2): understand the sentence, fetch candidates from the index,
// rank with personalisation, page, and write a grounded summary.
import { createHash } from 'node:crypto';
import { sessionIdFrom } from '../../domain/sessionId';
import type { Principal } from '../../domain/principal';
import { isOpenNow } from '../../domain/search/openingFilter';
import { rankCandidates, type RankedResult } from '../../domain/search/ranking';
import { summarise } from '../../domain/search/summarise';
import type { SummaryRequest } from '../../domain/search/summaryTemplate';
import { understandQuery } from '../../domain/search/understandQuery';
import type { Logger } from '../../logger';
import type { Cache } from '../../ports/cache';
import type { LanguageModel } from '../../ports/llm';
import type { SearchIndex } from '../../ports/searchIndex';
import type { SessionStore } from '../../ports/sessionStore';
import { type ConsumerSearchInput, planConsumerSearch } from './searchPlan';

const SUMMARY_TTL_SECONDS = 600;

export interface ConsumerSearchResult {
  query: string;
  response: string;
  results: RankedResult[];
  total: number;
  sessionId: string;
  pagination: { offset: number; limit: number; hasMore: boolean };
}

/** Everything the summary text depends on: the sentence, the request's filters and the page. */
function summaryKey(request: SummaryRequest, results: RankedResult[], total: number): string {
  const normalised = request.query.toLowerCase().replace(/\s+/g, ' ').trim();
  const filters = `${request.radiusKm ?? ''}|${request.category?.toLowerCase() ?? ''}`;
  const ids = results.map((result) => result.document.id).join(',');
  return `summary:${createHash('sha256').update(`${normalised}|${filters}|${total}|${ids}`).digest('base64url')}`;
}

export function createConsumerSearch(deps: {
  index: SearchIndex;
  sessions: SessionStore;
  summaryCache: Cache<string>;
  llm?: LanguageModel;
  logger: Logger;
  clock: () => Date;
}) {
  const { index, sessions, summaryCache, llm, logger, clock } = deps;

  return async function consumerSearch(principal: Principal, input: ConsumerSearchInput, sessionHeader?: string): Promise<ConsumerSearchResult> {
    const sessionId = sessionIdFrom(sessionHeader);
    // Independent round trips (Redis, the LLM) run side by side. Personalisation is best effort:
    // a session store outage must not fail the search.
    const [session, understood] = await Promise.all([
      sessions.get(sessionId).catch((error) => {
        logger.warn({ err: (error as Error).message }, 'session store unavailable; searching without personalisation');
        return null;
      }),
      understandQuery(input.query, llm),
    ]);
    const { intent } = understood;
    const now = clock();
    const plan = planConsumerSearch(principal.environment, input, intent, now);
    // Time filters ("open now", ...) are part of the index query: the total counts every business that passes.
    const found = await index.search(plan.indexQuery);
    const ranked = rankCandidates(found.hits, {
      intent,
      radiusKm: plan.radiusKm,
      session: session ?? undefined,
      explainTop: input.offset + input.limit,
      // Under an "open now" filter the index let only open businesses through.
      isOpen: intent.when?.openNow ? () => true : (candidate) => isOpenNow(candidate.document, now),
    });
    const page = ranked.slice(input.offset, input.offset + input.limit);
    const { total } = found;

    const summaryRequest: SummaryRequest = { query: input.query, intent, radiusKm: plan.radiusKm, category: input.category };
    const key = summaryKey(summaryRequest, page, total);
    let response = await summaryCache.get(key);
    if (response === undefined) {
      // Other candidates' names let the grounding check of an LLM summary tell a candidate that was
      // not shown from an invented business; the template needs none.
      const knownNames = llm ? ranked.slice(input.offset + input.limit, input.offset + input.limit + 50).map((r) => r.document.name) : [];
      const summary = await summarise(summaryRequest, page, total, { llm, knownNames });
      if (summary.fallbackReason) logger.warn({ reason: summary.fallbackReason }, 'summary fell back to the template');
      response = summary.text;
      await summaryCache.set(key, response, SUMMARY_TTL_SECONDS);
    }

    await sessions
      .recordSearch(sessionId, {
        categories: input.category ? [...new Set([input.category.toLowerCase(), ...intent.categories])] : intent.categories,
        terms: [...intent.terms, ...intent.serviceTerms],
      })
      .catch((error) => logger.warn({ err: (error as Error).message }, 'could not record the search in the session'));

    return {
      query: input.query,
      response,
      results: page,
      total,
      sessionId,
      pagination: { offset: input.offset, limit: input.limit, hasMore: input.offset + page.length < total },
    };
  };
}

export type ConsumerSearch = ReturnType<typeof createConsumerSearch>;

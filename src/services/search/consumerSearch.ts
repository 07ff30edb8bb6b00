// Consumer search (spec 4.2): understand the sentence, fetch candidates from the index,
// rank with personalisation, page, and write a grounded summary. A word no business contains that
// is one typo from a word query understanding knows is corrected first ("piza" -> "pizza").
import { createHash } from 'node:crypto';
import { sessionIdFrom } from '../../domain/sessionId';
import type { Principal } from '../../domain/principal';
import { canonicalCategory } from '../../domain/search/categorySynonyms';
import { isOpenNow } from '../../domain/search/openingFilter';
import { createQueryMatcher } from '../../domain/search/queryMatch';
import { rankCandidates, type RankedResult } from '../../domain/search/ranking';
import { sessionStoreKey } from '../../domain/search/sessionScope';
import type { SpellingCorrection } from '../../domain/search/spelling';
import { summarise } from '../../domain/search/summarise';
import { spellingNote, type SummaryRequest } from '../../domain/search/summaryTemplate';
import { understandQuery } from '../../domain/search/understandQuery';
import type { Environment } from '../../domain/profile';
import type { Logger } from '../../logger';
import type { Cache } from '../../ports/cache';
import type { LanguageModel } from '../../ports/llm';
import type { SearchIndex, SearchResult } from '../../ports/searchIndex';
import type { SearchIntent } from '../../domain/search/intent';
import type { SessionStore } from '../../ports/sessionStore';
import { type ConsumerPlan, type ConsumerSearchInput, planConsumerSearch } from './searchPlan';
import { typoCorrection } from './typoCorrection';

const SUMMARY_TTL_SECONDS = 600;

export interface ConsumerSearchResult {
  query: string;
  /** The sentence actually searched when the one typed had typos that no business contains and the corrected one found something. */
  correctedQuery?: string;
  response: string;
  results: RankedResult[];
  total: number;
  /** `total` is a lower bound: the index stopped counting (ports/searchIndex.ts EXACT_TOTAL_BOUND). */
  totalIsEstimate: boolean;
  sessionId: string;
  pagination: { offset: number; limit: number; hasMore: boolean };
}

/**
 * Everything the summary text depends on: the sentence, the request's filters and the page. Each
 * result counts with its version and its reasons, which hold what differs between callers who get
 * the same businesses: the distance from each caller, "open now", "fits your recent searches".
 * The sentence and the category keep their case: the text quotes them as the caller typed them.
 */
function summaryKey(request: SummaryRequest, results: RankedResult[], total: number): string {
  const normalised = request.query.replace(/\s+/g, ' ').trim();
  const filters = `${request.radiusKm ?? ''}|${request.category ?? ''}|${request.offset ?? 0}|${request.noneMatch ? 'none' : ''}`;
  const page = results
    .map((result) => `${result.document.id}@${result.document.updatedAt}:${result.matchesQuery === false ? 'other' : ''}:${result.reasons.join(';')}`)
    .join(',');
  return `summary:${createHash('sha256').update(`${normalised}|${filters}|${total}|${page}`).digest('base64url')}`;
}

interface SentenceSearch {
  intent: SearchIntent;
  plan: ConsumerPlan;
  found: SearchResult;
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

  async function searchSentence(environment: Environment, input: ConsumerSearchInput, sentence: string, now: Date): Promise<SentenceSearch> {
    const { intent, fallbackReason, fallbackDetail } = await understandQuery(sentence, llm);
    if (fallbackReason) logger.warn({ reason: fallbackReason, detail: fallbackDetail }, 'query understanding fell back to the rules');
    const plan = planConsumerSearch(environment, input, intent, now);
    // Time filters ("open now", ...) are part of the index query: the total counts every business that passes.
    return { intent, plan, found: await index.search(plan.indexQuery) };
  }

  /** The corrected sentence when it finds something, else the sentence as typed. */
  async function searchAsMeant(environment: Environment, input: ConsumerSearchInput, now: Date): Promise<SentenceSearch & { correction?: SpellingCorrection }> {
    const correction = await typoCorrection(index, environment, input.query);
    if (correction) {
      const corrected = await searchSentence(environment, input, correction.text, now);
      if (corrected.found.total > 0) return { ...corrected, correction };
    }
    return searchSentence(environment, input, input.query, now);
  }

  return async function consumerSearch(principal: Principal, input: ConsumerSearchInput, sessionHeader?: string): Promise<ConsumerSearchResult> {
    const sessionId = sessionIdFrom(sessionHeader);
    const sessionKey = sessionStoreKey(principal, sessionId);
    const now = clock();
    // Independent round trips (Redis, the LLM, the index) run side by side. Personalisation is
    // best effort: a session store outage must not fail the search.
    const [session, searched] = await Promise.all([
      sessions.get(sessionKey).catch((error) => {
        logger.warn({ err: (error as Error).message }, 'session store unavailable; searching without personalisation');
        return null;
      }),
      searchAsMeant(principal.environment, input, now),
    ]);
    const { intent, plan, found, correction } = searched;
    const ranked = rankCandidates(found.hits, {
      intent,
      radiusKm: plan.rankingRadiusKm,
      opening: plan.indexQuery.opening,
      session: session ?? undefined,
      explainTop: input.offset + input.limit,
      // Under an "open now" filter the index let only open businesses through.
      isOpen: intent.when?.openNow ? () => true : (candidate) => isOpenNow(candidate.document, now),
      matchesQuery: createQueryMatcher(intent),
    });
    const page = ranked.slice(input.offset, input.offset + input.limit);
    const { total, totalIsEstimate } = found;
    // What was asked for comes first, so the best candidate tells whether any is (among the
    // candidates ranked: the best text matches, where a business naming the thing asked for ranks high).
    const noneMatch = ranked.length > 0 && ranked[0].matchesQuery === false;

    const summaryRequest: SummaryRequest = {
      query: correction?.text ?? input.query, intent, radiusKm: plan.radiusKm, category: input.category, offset: input.offset, noneMatch,
    };
    const key = summaryKey(summaryRequest, page, total);
    let response = await summaryCache.get(key);
    if (response === undefined) {
      // Other candidates' names let the grounding check of an LLM summary tell a candidate that was
      // not shown from an invented business; the template needs none.
      const knownNames = llm ? ranked.slice(input.offset + input.limit, input.offset + input.limit + 50).map((r) => r.document.name) : [];
      const summary = await summarise(summaryRequest, page, total, { llm, knownNames, totalIsEstimate });
      if (summary.fallbackReason) logger.warn({ reason: summary.fallbackReason, detail: summary.fallbackDetail }, 'summary fell back to the template');
      response = summary.text;
      // A template written because the model was slow or down is not kept: once it answers again,
      // the same search gets its summary instead of the stand-in for the cache's ten minutes.
      const outage = summary.fallbackReason === 'timeout' || summary.fallbackReason === 'error';
      if (!outage) await summaryCache.set(key, response, SUMMARY_TTL_SECONDS);
    }
    if (correction) response = `${spellingNote(correction)} ${response}`;

    await sessions
      .recordSearch(sessionKey, {
        // The category filter's own category ("dentist" is "dental"), as documents carry it.
        categories: input.category ? [...new Set([canonicalCategory(input.category) ?? input.category.toLowerCase(), ...intent.categories])] : intent.categories,
        terms: [...intent.terms, ...intent.serviceTerms],
      })
      .catch((error) => logger.warn({ err: (error as Error).message }, 'could not record the search in the session'));

    return {
      query: input.query,
      ...(correction && { correctedQuery: correction.text }),
      response,
      results: page,
      total,
      totalIsEstimate,
      sessionId,
      pagination: { offset: input.offset, limit: input.limit, hasMore: input.offset + page.length < total },
    };
  };
}

export type ConsumerSearch = ReturnType<typeof createConsumerSearch>;

// Consumer search (spec 4.2) as declared stages, read top to bottom:
//
//   correct -> understand -> plan -> retrieve -> rank -> summarise -> record
//
// Each stage is a named function with its own input and output. `createConsumerSearch` at the
// bottom runs them in that order (understand, plan and retrieve a second time, on the sentence as
// typed, when a corrected one finds nothing) and hands each stage's time to `onStage`, which is
// how the API's own steps are measured (scripts/bench). Recording the answer for analytics is not
// a stage here: it is the consumerSearch operation's declared `records` effect (operations/search.ts),
// run once the answer is given, on whichever transport gave it.
import type { Principal } from '../../domain/principal';
import { categoryKeysOf } from '../../domain/categories/canonicalCategory';
import { asksForNothing, type SearchIntent } from '../../domain/search/intent';
import { isOpenNow } from '../../domain/search/openingFilter';
import { createQueryMatcher, createWidenedMatcher } from '../../domain/search/queryMatch';
import { rankCandidates, type RankedResult, type SessionProfile } from '../../domain/search/ranking';
import { sessionStoreKey } from '../../domain/search/sessionScope';
import type { SpellingCorrection } from '../../domain/search/spelling';
import { summarise as writeSummary } from './summarise';
import { spellingNote, summaryLanguage, type SummaryRequest } from '../../domain/search/summaryTemplate';
import { understandQuery } from './understandQuery';
import { sessionIdFrom } from '../../domain/sessionId';
import type { Logger } from '../../logger';
import type { Cache } from '../../ports/cache';
import type { LanguageModel } from '../../ports/llm';
import type { SearchIndex, SearchResult } from '../../ports/searchIndex';
import type { SessionStore } from '../../ports/sessionStore';
import type { SummaryProvenance } from '../../domain/summaries/summaryProvenance';
import { type ConsumerPlan, type ConsumerSearchInput, planConsumerSearch } from './searchPlan';
import { withoutNamedKinds } from './kindFallback';
import { summaryCacheKey } from './summaryCacheKey';
import { typoCorrection } from './typoCorrection';

const SUMMARY_TTL_SECONDS = 600;

export const CONSUMER_SEARCH_STAGES = ['correct', 'understand', 'plan', 'retrieve', 'rank', 'summarise', 'record'] as const;
export type ConsumerSearchStage = (typeof CONSUMER_SEARCH_STAGES)[number];

export interface ConsumerSearchDeps {
  index: SearchIndex;
  sessions: SessionStore;
  summaryCache: Cache<string>;
  llm?: LanguageModel;
  logger: Logger;
  clock: () => Date;
  /** Told how long each stage took, in milliseconds (a stage run twice reports twice). */
  onStage?: (stage: ConsumerSearchStage, ms: number) => void;
}

/** The request as every stage sees it. */
export interface SearchRequest {
  principal: Principal;
  input: ConsumerSearchInput;
  sessionId: string;
  sessionKey: string;
  /** The instant "open now" refers to, one for the whole search. */
  now: Date;
}

export interface ConsumerSearchResult {
  query: string;
  /** The sentence actually searched when the one typed had typos that no business contains and the corrected one found something. */
  correctedQuery?: string;
  response: string;
  /** Who wrote `response` and when: the answer's disclosure. */
  summary: SummaryProvenance;
  results: RankedResult[];
  total: number;
  /** `total` is a lower bound: the index stopped counting (ports/searchIndex.ts EXACT_TOTAL_BOUND). */
  totalIsEstimate: boolean;
  sessionId: string;
  pagination: { offset: number; limit: number; hasMore: boolean };
}

// 1. correct: a word no business contains that is one typo from a word query understanding
//    knows ("piza" -> "pizza"). The pipeline keeps the correction only if it finds something.
export function correct(deps: Pick<ConsumerSearchDeps, 'index'>, request: SearchRequest): Promise<SpellingCorrection | undefined> {
  return typoCorrection(deps.index, request.principal.environment, request.input.query);
}

// 2. understand: the sentence's intent, by the rules and the language model when there is one.
export interface Understanding {
  sentence: string;
  intent: SearchIntent;
}

export async function understand(deps: Pick<ConsumerSearchDeps, 'llm' | 'logger'>, sentence: string, language?: string): Promise<Understanding> {
  const { intent, fallbackReason, fallbackDetail } = await understandQuery(sentence, deps.llm, undefined, { language });
  if (fallbackReason) deps.logger.warn({ reason: fallbackReason, detail: fallbackDetail }, 'query understanding fell back to the rules');
  return { sentence, intent };
}

// 3. plan: the index query (searchPlan.ts). Time filters ("open now", ...) are part of it, so the
//    total counts every business that passes them.
export function plan(request: SearchRequest, understanding: Understanding): ConsumerPlan {
  return planConsumerSearch(request.principal.environment, request.input, understanding.intent, request.now);
}

// 4. retrieve: the best candidates from the index, and the total.
export interface Retrieval {
  understanding: Understanding;
  plan: ConsumerPlan;
  found: SearchResult;
  /** Set when the corrected sentence is the one that was searched. */
  correction?: SpellingCorrection;
  /** The named kinds' filter found nothing and was dropped (kindFallback.ts): these mention the kinds instead. */
  widened?: boolean;
  /** The sentence names nothing to look for (intent.ts asksForNothing): the index was not asked. */
  nothingAsked?: boolean;
}

const NOTHING_FOUND: SearchResult = { hits: [], total: 0, totalIsEstimate: false };

export function retrieve(deps: Pick<ConsumerSearchDeps, 'index'>, planned: ConsumerPlan): Promise<SearchResult> {
  return deps.index.search(planned.indexQuery);
}

// 5. rank: distance, rating, opening and personalisation reorder the candidates; the page is cut.
export interface RankedPage {
  ranked: RankedResult[];
  page: RankedResult[];
  /**
   * What was asked for comes first, so the best candidate tells whether any is (among the
   * candidates ranked: the best text matches, where a business naming the thing asked for ranks high).
   */
  noneMatch: boolean;
}

/**
 * `wholeOrder`: every candidate in its final order, where more than the page is read (a language
 * model's summary is checked against the names of the candidates after the page). Otherwise only
 * the page's order is certain, and candidates that cannot reach it are not asked whether they
 * match (ranking.ts certainTop).
 */
export function rank(request: SearchRequest, retrieval: Retrieval, session: SessionProfile | null, wholeOrder = false): RankedPage {
  const { input, now } = request;
  const { intent } = retrieval.understanding;
  const ranked = rankCandidates(retrieval.found.hits, {
    intent,
    radiusKm: retrieval.plan.rankingRadiusKm,
    opening: retrieval.plan.indexQuery.opening,
    session: session ?? undefined,
    explainTop: input.offset + input.limit,
    // Under an "open now" filter the index let only open businesses through.
    isOpen: intent.when?.openNow ? () => true : (candidate) => isOpenNow(candidate.document, now),
    // Widened: none is of the kind named; those that mention it (or a phrase for it) match, and the summary says so.
    matchesQuery: retrieval.widened ? createWidenedMatcher(intent) : createQueryMatcher(intent),
    ...(!wholeOrder && { certainTop: input.offset + input.limit }),
  });
  const page = ranked.slice(input.offset, input.offset + input.limit);
  return { ranked, page, noneMatch: ranked.length > 0 && ranked[0].matchesQuery === false };
}

// 6. summarise: the grounded summary of the page, cached with who wrote it and when; the
//    spelling note goes first.
export interface WrittenSummary extends SummaryProvenance {
  text: string;
}

/** A cached summary, or undefined for an entry this version cannot read (a plain string of an older one). */
function cachedSummary(entry: string | undefined): WrittenSummary | undefined {
  if (entry === undefined || !entry.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(entry) as Partial<WrittenSummary>;
    return typeof parsed.text === 'string' && typeof parsed.generatedAt === 'string' && (parsed.generatedBy === 'template' || parsed.generatedBy === 'model')
      ? (parsed as WrittenSummary)
      : undefined;
  } catch {
    return undefined;
  }
}

export async function summarise(
  deps: Pick<ConsumerSearchDeps, 'summaryCache' | 'llm' | 'logger' | 'clock'>,
  request: SearchRequest,
  retrieval: Retrieval,
  ranked: RankedPage,
): Promise<WrittenSummary> {
  const { input } = request;
  const { correction, found } = retrieval;
  const summaryRequest: SummaryRequest = {
    query: correction?.text ?? input.query,
    intent: retrieval.understanding.intent,
    radiusKm: retrieval.plan.radiusKm,
    category: input.category,
    offset: input.offset,
    noneMatch: ranked.noneMatch,
    ...(retrieval.widened && { widened: true }),
    ...(retrieval.nothingAsked && { nothingAsked: true }),
  };
  const key = summaryCacheKey(summaryRequest, ranked.page, found.total);
  let written = cachedSummary(await deps.summaryCache.get(key));
  if (written === undefined) {
    // Other candidates' names let the grounding check of an LLM summary tell a candidate that was
    // not shown from an invented business; the template needs none.
    const end = input.offset + input.limit;
    const knownNames = deps.llm ? ranked.ranked.slice(end, end + 50).map((r) => r.document.name) : [];
    const summary = await writeSummary(summaryRequest, ranked.page, found.total, { llm: deps.llm, knownNames, totalIsEstimate: found.totalIsEstimate });
    if (summary.fallbackReason) deps.logger.warn({ reason: summary.fallbackReason, detail: summary.fallbackDetail }, 'summary fell back to the template');
    written = {
      text: summary.text,
      generatedBy: summary.source === 'llm' ? 'model' : 'template',
      ...(summary.source === 'llm' && deps.llm?.model !== undefined && { model: deps.llm.model }),
      generatedAt: deps.clock().toISOString(),
    };
    // A template written because the model was slow or down is not kept: once it answers again,
    // the same search gets its summary instead of the stand-in for the cache's ten minutes.
    const outage = summary.fallbackReason === 'timeout' || summary.fallbackReason === 'error';
    if (!outage) await deps.summaryCache.set(key, JSON.stringify(written), SUMMARY_TTL_SECONDS);
  }
  return correction ? { ...written, text: `${spellingNote(correction, summaryLanguage(retrieval.understanding.intent))} ${written.text}` } : written;
}

// 7. record: the search in the caller's session, for the personalisation of the next ones (best
//    effort: a session store outage must not fail the answer).
export async function record(deps: Pick<ConsumerSearchDeps, 'sessions' | 'logger'>, request: SearchRequest, retrieval: Retrieval): Promise<void> {
  const { input } = request;
  const { intent } = retrieval.understanding;
  await deps.sessions
    .recordSearch(request.sessionKey, {
      // The category filter's kinds ("dentist" is amenity/dentist), as documents carry them.
      categories: input.category ? [...new Set([...categoryKeysOf(input.category), ...intent.categories])] : intent.categories,
      terms: [...intent.terms, ...intent.serviceTerms],
    })
    .catch((error) => deps.logger.warn({ err: (error as Error).message }, 'could not record the search in the session'));
}

/** The caller's session for personalisation; best effort: a session store outage must not fail the search. */
function sessionOf(deps: Pick<ConsumerSearchDeps, 'sessions' | 'logger'>, request: SearchRequest): Promise<SessionProfile | null> {
  return deps.sessions.get(request.sessionKey).catch((error) => {
    deps.logger.warn({ err: (error as Error).message }, 'session store unavailable; searching without personalisation');
    return null;
  });
}

export function createConsumerSearch(deps: ConsumerSearchDeps) {
  const { onStage } = deps;
  /** Runs one stage, telling onStage its time (a promise's when it settles). */
  const stage = <T>(name: ConsumerSearchStage, work: () => T): T => {
    if (!onStage) return work();
    const started = performance.now();
    const result = work();
    if (result instanceof Promise) return result.finally(() => onStage(name, performance.now() - started)) as T;
    onStage(name, performance.now() - started);
    return result;
  };

  async function retrieveSentence(request: SearchRequest, sentence: string): Promise<Retrieval> {
    const understanding = await stage('understand', () => understand(deps, sentence, request.input.language));
    const planned = stage('plan', () => plan(request, understanding));
    // "the", "*", "🍕": nothing to look for matches nothing (never every business near by).
    if (request.input.category === undefined && asksForNothing(understanding.intent)) {
      return { understanding, plan: planned, found: NOTHING_FOUND, nothingAsked: true };
    }
    const found = await stage('retrieve', () => retrieve(deps, planned));
    if (found.total > 0) return { understanding, plan: planned, found };
    // A named kind never empties the answer by itself: the same words without its filter, the
    // kinds' names and terms among them (kindFallback.ts), a second retrieve.
    const wider = withoutNamedKinds(request.input, understanding.intent, planned.indexQuery);
    if (!wider) return { understanding, plan: planned, found };
    const related = await stage('retrieve', () => deps.index.search(wider));
    if (related.total === 0) return { understanding, plan: planned, found };
    return { understanding, plan: { ...planned, indexQuery: wider }, found: related, widened: true };
  }

  /** The corrected sentence when it finds something, else the sentence as typed. */
  async function retrieveAsMeant(request: SearchRequest): Promise<Retrieval> {
    const correction = await stage('correct', () => correct(deps, request));
    if (correction) {
      const corrected = await retrieveSentence(request, correction.text);
      if (corrected.found.total > 0) return { ...corrected, correction };
    }
    return retrieveSentence(request, request.input.query);
  }

  return async function consumerSearch(principal: Principal, input: ConsumerSearchInput, sessionHeader?: string): Promise<ConsumerSearchResult> {
    const sessionId = sessionIdFrom(sessionHeader);
    const request: SearchRequest = { principal, input, sessionId, sessionKey: sessionStoreKey(principal, sessionId), now: deps.clock() };
    // Independent round trips (the session store, the LLM, the index) run side by side.
    const [session, retrieval] = await Promise.all([sessionOf(deps, request), retrieveAsMeant(request)]);
    const ranked = stage('rank', () => rank(request, retrieval, session, deps.llm !== undefined));
    const { text: response, ...provenance } = await stage('summarise', () => summarise(deps, request, retrieval, ranked));
    await stage('record', () => record(deps, request, retrieval));
    const { total, totalIsEstimate } = retrieval.found;
    return {
      query: input.query,
      ...(retrieval.correction && { correctedQuery: retrieval.correction.text }),
      response,
      summary: provenance,
      results: ranked.page,
      total,
      totalIsEstimate,
      sessionId,
      pagination: { offset: input.offset, limit: input.limit, hasMore: input.offset + ranked.page.length < total },
    };
  };
}

export type ConsumerSearch = ReturnType<typeof createConsumerSearch>;

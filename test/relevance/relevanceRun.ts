// Runs the hand-judged relevance set (corpus.tsv, queries.tsv, qrels.txt in TREC form) through
// consumer search on any SearchIndex and scores it: NDCG@10, precision@1, recall@10 and the
// zero-result rate. The businesses go in as profiles through the indexer's own mapping
// (toSearchDocument), so their taxonomy keys come from their owners' labels as in production.
// A result counts as an answer when consumer search says it matches the query (matchesQuery):
// what an app shows as the answer; the others are offered as "other places".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toSearchDocument } from '../../indexer/toSearchDocument';
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import { categoryFieldsOf } from '../../src/domain/categories/canonicalCategory';
import type { Principal } from '../../src/domain/principal';
import type { BusinessProfile } from '../../src/domain/profile';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import { createConsumerSearch } from '../../src/services/search/consumerSearch';

const CITIES = {
  aus: { city: 'Austin', state: 'TX', postalCode: '78701', lat: 30.2672, lon: -97.7431 },
  den: { city: 'Denver', state: 'CO', postalCode: '80202', lat: 39.7392, lon: -104.9903 },
  chi: { city: 'Chicago', state: 'IL', postalCode: '60601', lat: 41.8781, lon: -87.6298 },
  sea: { city: 'Seattle', state: 'WA', postalCode: '98101', lat: 47.6062, lon: -122.3321 },
} as const;
type CityCode = keyof typeof CITIES;

/** A weekday noon in Austin: every business below is open then, so hours never decide. */
const NOW = new Date('2026-11-25T18:00:00Z');
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

function rows(file: string): string[][] {
  return readFileSync(join(__dirname, file), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.split('\t'));
}

export interface Judged {
  qid: string;
  where: CityCode | undefined;
  sentence: string;
  /** docid -> grade (1 related, 2 what was asked for); empty: the honest answer is none. */
  grades: Map<string, number>;
}

export function relevanceCorpus(): BusinessProfile[] {
  return rows('corpus.tsv').map(([id, city, name, category, description], index) => {
    const place = CITIES[city as CityCode];
    // Spread over a few kilometres around the centre, each business at its own spot.
    const angle = index * 2.399;
    const km = 0.5 + (index % 7);
    return {
      id,
      environment: 'live',
      ownerId: 'acct_relevance',
      name,
      category,
      ...categoryFieldsOf(category),
      description,
      location: {
        address: { street: `${100 + index} Main St`, city: place.city, state: place.state, postalCode: place.postalCode, country: 'US' },
        coordinates: { lat: place.lat + (km / 111) * Math.sin(angle), lon: place.lon + (km / 85) * Math.cos(angle) },
      },
      contact: { phone: '+15125550100' },
      services: [],
      hours: Object.fromEntries(WEEK.map((day) => [day, { open: '07:00', close: '23:00' }])),
      blackoutDates: [],
      media: { photos: [], videos: [] },
      trust: { verificationLevel: 'none', averageRating: 4.5, totalReviews: 20 },
      exclusiveContent: {},
      aiVisibilityScore: 50,
      status: 'published',
      dedupeKeys: [],
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } satisfies BusinessProfile;
  });
}

export function relevanceQueries(): Judged[] {
  const grades = new Map<string, Map<string, number>>();
  for (const line of rows('qrels.txt')) {
    const [qid, , docid, grade] = line[0].split(/\s+/);
    grades.set(qid, (grades.get(qid) ?? new Map()).set(docid, Number(grade)));
  }
  return rows('queries.tsv').map(([qid, where, sentence]) => ({
    qid,
    where: where === '-' ? undefined : (where as CityCode),
    sentence,
    grades: grades.get(qid) ?? new Map(),
  }));
}

export async function loadRelevanceCorpus(index: SearchIndex): Promise<void> {
  const { failures } = await index.apply(relevanceCorpus().map((profile) => ({ type: 'upsert' as const, document: toSearchDocument(profile) })));
  if (failures.length > 0) throw new Error(`relevance corpus not indexed: ${JSON.stringify(failures)}`);
}

export interface QueryOutcome {
  qid: string;
  sentence: string;
  /** The answers (matchesQuery), best first, at most 10. */
  answered: string[];
  ndcg: number;
  /** undefined for a query whose honest answer is none. */
  precisionAt1?: number;
  recall?: number;
}

const principal: Principal = { accountId: 'acct_relevance', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free' };

function dcg(gains: number[]): number {
  return gains.reduce((sum, grade, rank) => sum + (2 ** grade - 1) / Math.log2(rank + 2), 0);
}

export async function runRelevance(index: SearchIndex): Promise<QueryOutcome[]> {
  const search = createConsumerSearch({
    index,
    sessions: createLruSessionStore(),
    summaryCache: createMemoryCache<string>(),
    logger: createLogger('silent'),
    clock: () => NOW,
  });
  const outcomes: QueryOutcome[] = [];
  for (const query of relevanceQueries()) {
    const place = query.where ? CITIES[query.where] : undefined;
    const result = await search(principal, {
      query: query.sentence,
      limit: 10,
      offset: 0,
      ...(place && { location: { lat: place.lat, lon: place.lon, distance: '25km' } }),
    });
    const answered = result.results.filter((r) => r.matchesQuery !== false).map((r) => r.document.id);
    const relevant = [...query.grades.entries()].filter(([, grade]) => grade > 0);
    const ideal = dcg(relevant.map(([, grade]) => grade).sort((a, b) => b - a).slice(0, 10));
    // A query whose honest answer is none scores 1 for answering nothing, 0 otherwise.
    const ndcg = ideal === 0 ? (answered.length === 0 ? 1 : 0) : dcg(answered.map((id) => query.grades.get(id) ?? 0)) / ideal;
    outcomes.push({
      qid: query.qid,
      sentence: query.sentence,
      answered,
      ndcg,
      ...(relevant.length > 0 && {
        precisionAt1: answered.length > 0 && (query.grades.get(answered[0]) ?? 0) > 0 ? 1 : 0,
        recall: relevant.filter(([id]) => answered.includes(id)).length / relevant.length,
      }),
    });
  }
  return outcomes;
}

/** The judged set's parts, by the letters of a query id: English (q), Spanish, French, German, no-word, kind phrases, trades. */
export const RELEVANCE_GROUPS = [
  ['q', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['nw', 'nothing to look for'],
  ['kp', 'kind phrases sharing a word'],
  ['tr', 'trades in service words'],
] as const;

export function relevanceGroup(qid: string): string {
  return qid.replace(/\d+$/, '');
}

export interface RelevanceSummary {
  queries: number;
  ndcgAt10: number;
  precisionAt1: number;
  recallAt10: number;
  /** Share of the queries that have relevant businesses and got no answer. */
  zeroResultRate: number;
  /** Queries whose honest answer is none, and how many of them answered nothing. */
  noneQueries: number;
  honestNone: number;
}

export function summariseRelevance(outcomes: QueryOutcome[]): RelevanceSummary {
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const judged = outcomes.filter((o) => o.precisionAt1 !== undefined);
  const none = outcomes.filter((o) => o.precisionAt1 === undefined);
  return {
    queries: outcomes.length,
    ndcgAt10: mean(outcomes.map((o) => o.ndcg)),
    precisionAt1: mean(judged.map((o) => o.precisionAt1!)),
    recallAt10: mean(judged.map((o) => o.recall!)),
    zeroResultRate: judged.filter((o) => o.answered.length === 0).length / Math.max(1, judged.length),
    noneQueries: none.length,
    honestNone: none.filter((o) => o.answered.length === 0).length,
  };
}

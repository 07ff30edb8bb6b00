// Time filters run on the candidates after the index: a window that cannot fill the requested
// page is followed by one larger window, and the total is exact only once every match was checked.
import { createLruSessionStore } from '../../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../../src/adapters/memory/memoryCache';
import type { Principal } from '../../../src/domain/principal';
import type { WeeklyHours } from '../../../src/domain/profile';
import type { SearchIntent } from '../../../src/domain/search/intent';
import { createLogger } from '../../../src/logger';
import { rankingFieldsOf, type SearchDocument, type SearchIndex, type SearchQuery } from '../../../src/ports/searchIndex';
import { findConsumerCandidates, TIME_FILTER_WINDOW_GROWTH } from '../../../src/services/search/consumerCandidates';
import { createConsumerSearch } from '../../../src/services/search/consumerSearch';
import { searchDocument } from '../../fixtures/searchDocument';

const NOW = new Date('2026-11-22T12:00:00Z');
const OPEN_NOW: SearchIntent['when'] = { openNow: true };
const ALWAYS_OPEN: WeeklyHours = Object.fromEntries(
  ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '00:00' }]),
);

/** `count` lunch places in id order, every `openEvery`-th one open around the clock, the rest never. */
function lunchPlaces(count: number, openEvery: number) {
  return Array.from({ length: count }, (_, i) =>
    searchDocument({
      id: `biz_${String(i).padStart(5, '0')}`,
      name: `Lunch Spot ${i}`,
      hours: i % openEvery === 0 ? ALWAYS_OPEN : {},
      timeZone: 'UTC',
    }),
  );
}

/**
 * Answers every search with the first `limit` documents. Records each limit it was asked for, and
 * how often each document was read (an index may build documents on first read).
 */
function windowIndex(documents: ReturnType<typeof lunchPlaces>, limits: number[], reads = new Map<string, number>()): SearchIndex {
  const unused = () => Promise.reject(new Error('not used'));
  const hit = (document: SearchDocument) => ({
    get document() {
      reads.set(document.id, (reads.get(document.id) ?? 0) + 1);
      return document;
    },
    fields: rankingFieldsOf(document),
    textScore: 1,
  });
  return {
    search: async (query: SearchQuery) => {
      limits.push(query.limit);
      return { hits: documents.slice(query.offset, query.offset + query.limit).map(hit), total: documents.length };
    },
    apply: unused, get: unused, count: unused, rebuild: unused, ping: unused, close: unused,
  };
}

const query = (limit: number): SearchQuery => ({ environment: 'live', text: 'lunch', sort: 'relevance', order: 'desc', limit, offset: 0 });

describe('findConsumerCandidates', () => {
  it('without a time filter takes one window and the index total as it is', async () => {
    const limits: number[] = [];
    const found = await findConsumerCandidates(windowIndex(lunchPlaces(300, 10), limits), query(100), undefined, NOW, 10);
    expect(found.candidates).toHaveLength(100);
    expect(found.total).toEqual({ count: 300, estimated: false });
    expect(found.moreBeyond).toBe(true);
    expect(limits).toEqual([100]);
  });

  it('estimates the total from the first window when it fills the page', async () => {
    const limits: number[] = [];
    const found = await findConsumerCandidates(windowIndex(lunchPlaces(300, 10), limits), query(100), OPEN_NOW, NOW, 10);
    expect(found.candidates.map((c) => c.document.id)).toEqual(Array.from({ length: 10 }, (_, i) => `biz_${String(i * 10).padStart(5, '0')}`));
    // 10 of the 100 checked matches pass: about 30 of the 300.
    expect(found.total).toEqual({ count: 30, estimated: true });
    expect(found.moreBeyond).toBe(true);
    expect(limits).toEqual([100]);
  });

  it('looks once more, in a larger window, for a deeper page, and counts exactly once every match was checked', async () => {
    const limits: number[] = [];
    const reads = new Map<string, number>();
    const found = await findConsumerCandidates(windowIndex(lunchPlaces(300, 10), limits, reads), query(100), OPEN_NOW, NOW, 30);
    expect(found.candidates).toHaveLength(30);
    expect(found.total).toEqual({ count: 30, estimated: false });
    expect(found.moreBeyond).toBe(false);
    expect(limits).toEqual([100, 100 * TIME_FILTER_WINDOW_GROWTH]);
    // The larger window repeats the first one's matches: their hours are not checked again.
    expect(reads.get('biz_00001')).toBe(1);
  });

  it('counts exactly when the first window holds every match', async () => {
    const found = await findConsumerCandidates(windowIndex(lunchPlaces(50, 3), []), query(100), OPEN_NOW, NOW, 10);
    expect(found.total).toEqual({ count: 17, estimated: false });
    expect(found.moreBeyond).toBe(false);
  });

  it('looks only once more, then estimates from the matches it checked', async () => {
    const limits: number[] = [];
    const found = await findConsumerCandidates(windowIndex(lunchPlaces(10_000, 500), limits), query(100), OPEN_NOW, NOW, 10);
    expect(limits).toEqual([100, 400]);
    expect(found.candidates.map((c) => c.document.id)).toEqual(['biz_00000']);
    // 1 of the 400 checked matches passes: about 25 of the 10 000.
    expect(found.total).toEqual({ count: 25, estimated: true });
    // The next page would look in the same two windows: nothing more can be reached.
    expect(found.moreBeyond).toBe(false);
  });
});

describe('consumer search with a time filter', () => {
  const principal: Principal = {
    accountId: 'acct_1', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free', partner: false,
  };
  const search = createConsumerSearch({
    index: windowIndex(lunchPlaces(300, 10), []),
    sessions: createLruSessionStore(),
    summaryCache: createMemoryCache<string>(),
    logger: createLogger('silent'),
    clock: () => NOW,
  });

  it('says the total is an estimate while matches remain unchecked', async () => {
    const first = await search(principal, { query: 'lunch open now', limit: 10, offset: 0 });
    expect(first.total).toBe(30);
    expect(first.response).toMatch(/^Found about 30 places for "lunch open now"\./);
    expect(first.pagination.hasMore).toBe(true);
  });

  it('reaches the last page of the businesses that pass, with an exact total', async () => {
    const last = await search(principal, { query: 'lunch open now', limit: 10, offset: 20 });
    expect(last.results).toHaveLength(10);
    expect(last.results.every((r) => r.openNow)).toBe(true);
    expect(last.total).toBe(30);
    expect(last.response).toMatch(/^Found 30 places for "lunch open now"\./);
    expect(last.pagination.hasMore).toBe(false);
    const pages = await Promise.all([0, 10].map((offset) => search(principal, { query: 'lunch open now', limit: 10, offset })));
    const ids = [...pages.flatMap((page) => page.results), ...last.results].map((r) => r.document.id);
    expect(new Set(ids).size).toBe(30);
  });
});

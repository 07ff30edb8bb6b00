// Which searches top-k text retrieval answers, and with which cells: the request is pure data,
// worked out here by hand (the box of a 10 km circle around Los Angeles spans latitudes
// 33.9623..34.1421 and longitudes -118.3522..-118.1352: rows 1239-1241 and columns 616-618 of
// the 0.1-degree grid, 3 600 columns a row).
import { searchPlan } from '../../../src/adapters/sqlite/search/searchPlan';
import { generationTables } from '../../../src/adapters/sqlite/search/indexTables';
import type { SearchQuery } from '../../../src/ports/searchIndex';

const tables = generationTables(1);
const LOS_ANGELES = { lat: 34.0522, lon: -118.2437 };
const consumer = (fields: Partial<SearchQuery> = {}): SearchQuery => ({
  environment: 'live', text: 'ramen', textComplete: true, categoryPhrases: ['restaurants'], sort: 'relevance', order: 'desc', limit: 100, offset: 0, ...fields,
});
const request = (query: SearchQuery) => searchPlan(query, tables, { givenPhraseCounts: true, searchLists: true }).topText;

describe('top-k text retrieval requests', () => {
  it('near a point: the words, the dish\'s category, and the cells of the box', () => {
    const found = request(consumer({ near: { ...LOS_ANGELES, radiusKm: 10 }, opening: { at: '2026-11-25T20:00:00.000Z', openNow: true } }));
    expect(found?.terms).toEqual([
      { text: 'ramen', column: 'any', prefix: false },
      { text: 'restaurants', column: 'category', prefix: false },
    ]);
    expect(found?.cells).toEqual([[4461016, 4461018], [4464616, 4464618], [4468216, 4468218]]);
    expect(found?.near?.lists).toHaveLength(19);
    // Wednesday 20:00 UTC is hour 2 x 24 + 20 = 68 of the week: the second mask, bit 12; "open now" alone.
    expect(found?.near?.tests.opening).toMatchObject({ hourMask: 1, hourBit: 12, sure: 1 });
    expect([found?.k, found?.tieBreak]).toEqual([100, 'id']);
  });

  it('without a point: every cell, ties by row id as the text-only plan breaks them', () => {
    const found = request(consumer());
    expect(found?.cells).toEqual([[0, 1800 * 3600]]);
    expect(found?.tieBreak).toBe('rowid');
  });

  it('a word typed as a prefix: its phrase says so, for the lists of every token it begins', () => {
    expect(request(consumer({ textComplete: false }))?.terms[0]).toEqual({ text: 'ramen', column: 'any', prefix: true });
  });

  it('is not made for what only the SQL plans do', () => {
    expect(request(consumer({ postalCode: '90012' }))).toBeUndefined();
    expect(request(consumer({ maxPrice: 20 }))).toBeUndefined(); // a row filter needs a point
    expect(request(consumer({ sort: 'rating' }))).toBeUndefined();
    expect(request(consumer({ order: 'asc' }))).toBeUndefined();
    expect(searchPlan(consumer(), tables, { givenPhraseCounts: true, searchLists: false }).topText).toBeUndefined();
    expect(searchPlan(consumer(), tables, { givenPhraseCounts: false, searchLists: true }).topText).toBeUndefined();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { tagToken } from '../../src/adapters/sqlite/search/filterTags';
import { mergeSlice } from '../../src/adapters/sqlite/search/ftsMerge';
import { documentCellTokens } from '../../src/adapters/sqlite/search/geoCells';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { ConflictError, UnavailableError } from '../../src/domain/errors';
import type { IndexAction, SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';
import { fixtureDocument, searchDocuments } from '../fixtures/searchDocuments';
import { rewindIndexLayout } from './olderIndexLayout';
import { consumerSearchContract } from './consumerSearch.contract';
import { searchWordsContract } from './searchWords.contract';
import { searchIndexContract } from './searchIndex.contract';

const upserts = (docs: SearchDocument[]): IndexAction[] => docs.map((document) => ({ type: 'upsert', document }));
const searchText = (index: SearchIndex, text: string) =>
  index.search({ environment: 'live', text, sort: 'relevance', order: 'desc', limit: 10, offset: 0 });

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-search-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
const freshFile = (): string => join(dir, `index-${++files}.db`);

// Top-k text retrieval stops counting past the bound; pages sorted by a field or distance count every match.
const totals = { totalsBeyondBound: { ranked: 'estimate', sorted: 'exact' } } as const;
searchIndexContract('sqlite in memory', async () => createSqliteSearchIndex({ file: ':memory:' }), totals);
searchIndexContract('sqlite on a WAL file', async () => createSqliteSearchIndex({ file: freshFile() }), totals);
searchIndexContract('sqlite with reader threads', async () => createSqliteSearchIndex({ file: freshFile(), readerThreads: 2, offload: 'always' }), totals);
consumerSearchContract('sqlite', async () => createSqliteSearchIndex({ file: ':memory:' }));
searchWordsContract('sqlite', async () => createSqliteSearchIndex({ file: ':memory:' }));

describe('sqlite reader threads', () => {
  it('answer many searches at once, and see each write as soon as apply() resolved', async () => {
    const index = createSqliteSearchIndex({ file: freshFile(), readerThreads: 2, offload: 'always' });
    await index.apply(upserts(searchDocuments));
    const answers = await Promise.all(Array.from({ length: 40 }, () => searchText(index, 'speakeasy')));
    expect(answers.map((answer) => answer.hits[0]?.document.id)).toEqual(answers.map(() => 'biz_chi_pizza'));
    await index.apply([{ type: 'delete', environment: 'live', id: 'biz_chi_pizza' }]);
    expect((await searchText(index, 'speakeasy')).hits).toEqual([]);
    await index.close();
  });

  it('turns a reader that cannot open the file into UnavailableError, and tries a new one next time', async () => {
    const { createReaderThreads } = await import('../../src/adapters/sqlite/search/readerThreads');
    const threads = createReaderThreads({ file: join(dir, 'missing', 'index.db'), size: 1, connection: { rankLibrary: null } });
    const query: SearchQuery = { environment: 'live', text: 'x', sort: 'relevance', order: 'desc', limit: 1, offset: 0 };
    await expect(threads.search(query)).rejects.toBeInstanceOf(UnavailableError);
    await expect(threads.search(query)).rejects.toBeInstanceOf(UnavailableError);
    await threads.close();
  });

  it('run within their heap limits: a reader that outgrows its heap fails its searches with UnavailableError, not the process', async () => {
    const { createReaderThreads } = await import('../../src/adapters/sqlite/search/readerThreads');
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    await index.apply(upserts(searchDocuments));
    // 4 MiB of old space cannot hold a reader's modules (it lives on 5-9): it runs out while loading them.
    const starved = createReaderThreads({ file, size: 1, connection: { rankLibrary: null }, heap: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 4 } });
    const query: SearchQuery = { environment: 'live', text: 'speakeasy', sort: 'relevance', order: 'desc', limit: 1, offset: 0 };
    const failure = await starved.search(query).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UnavailableError);
    expect((failure as Error & { cause?: { code?: string } }).cause?.code).toBe('ERR_WORKER_OUT_OF_MEMORY');
    await starved.close();
    const sized = createReaderThreads({ file, size: 1, connection: { rankLibrary: null } });
    expect((await sized.search(query)).total).toBe(1);
    await sized.close();
    await index.close();
  });

  it('start on first use or when warmed, never before', async () => {
    const { createReaderThreads } = await import('../../src/adapters/sqlite/search/readerThreads');
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    await index.apply(upserts(searchDocuments));
    const threads = createReaderThreads({ file, size: 2, connection: { rankLibrary: null } });
    expect(threads.running()).toBe(0);
    threads.warm();
    expect(threads.running()).toBe(2);
    const page = await threads.search({ environment: 'live', text: 'speakeasy', sort: 'relevance', order: 'desc', limit: 1, offset: 0 });
    expect(page.total).toBe(1);
    await threads.close();
    await index.close();
  });

  it('answers UnavailableError after close', async () => {
    const index = createSqliteSearchIndex({ file: freshFile(), readerThreads: 1, offload: 'always' });
    await index.apply(upserts(searchDocuments));
    await searchText(index, 'speakeasy');
    await index.close();
    await expect(searchText(index, 'speakeasy')).rejects.toBeInstanceOf(UnavailableError);
  });
});

describe('sqlite search index specifics', () => {
  it('keeps its content across a reopen of the file', async () => {
    const file = freshFile();
    const first = createSqliteSearchIndex({ file });
    await first.apply(upserts(searchDocuments));
    await first.close();
    const reopened = createSqliteSearchIndex({ file });
    expect(await reopened.count()).toBe(searchDocuments.length);
    expect((await searchText(reopened, 'speakeasy')).hits[0].document.id).toBe('biz_chi_pizza');
    await reopened.close();
  });

  it('applies time filters to an index written before documents carried their opening (migration 3)', async () => {
    const file = freshFile();
    const allDay = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '00:00', close: '00:00' }]));
    const open = searchDocument({ id: 'biz_open', name: 'Always Open', hours: allDay, timeZone: 'America/Chicago' });
    const closed = searchDocument({ id: 'biz_closed', name: 'Never Open', hours: {} });
    const first = createSqliteSearchIndex({ file });
    await first.apply(upserts([open, closed]));
    await first.close();
    // Back to the layout before search index schema version 3: no opening column.
    const older = rewindIndexLayout(file, ['opening'], 3);

    const reopened = createSqliteSearchIndex({ file });
    const openNow: SearchQuery = { environment: 'live', opening: { at: '2026-11-22T15:30:00.000Z', openNow: true }, sort: 'name', order: 'asc', limit: 10, offset: 0 };
    const found = await reopened.search(openNow);
    expect(found.hits.map((hit) => hit.document.id)).toEqual(['biz_open']);
    expect(found.total).toBe(1);
    expect(older.filled('opening')).toBe(0);
    await reopened.apply(upserts([{ ...open, name: 'Always Open Diner' }]));
    expect(older.filled('opening')).toBe(1);
    expect((await reopened.search(openNow)).hits.map((hit) => hit.document.name)).toEqual(['Always Open Diner']);
    await reopened.close();
  });

  it('fills the postal key of an index written before documents carried it (migration 4)', async () => {
    const file = freshFile();
    const first = createSqliteSearchIndex({ file });
    await first.apply(upserts(searchDocuments));
    await first.close();
    // Back to the layout before search index schema version 4: no postal_key column nor its index.
    const older = rewindIndexLayout(file, ['postal_key'], 4);

    const reopened = createSqliteSearchIndex({ file });
    expect(older.filled('postal_key')).toBe(searchDocuments.length);
    const byPostalCode = (postalCode: string) =>
      reopened.search({ environment: 'live', postalCode, sort: 'name', order: 'asc', limit: 50, offset: 0 });
    const austin = searchDocuments.filter((doc) => doc.environment === 'live' && doc.address.postalCode === '78701');
    expect(austin.length).toBeGreaterThan(1);
    expect((await byPostalCode('78701')).total).toBe(austin.length);
    expect((await byPostalCode('m5v2t6')).hits.map((hit) => hit.document.id)).toEqual(['biz_tor_cafe']);
    await reopened.close();
  });

  it('gives the rows of an index written before documents carried their grid cell one, indexed (migration 6)', async () => {
    const file = freshFile();
    const first = createSqliteSearchIndex({ file });
    await first.apply(upserts(searchDocuments));
    await first.close();
    // Back to the layout before search index schema version 6: no geo_cell column nor its indexes.
    const older = rewindIndexLayout(file, ['geo_cell'], 6);

    const reopened = createSqliteSearchIndex({ file });
    const located = searchDocuments.filter((doc) => doc.coordinates !== undefined);
    expect(older.filled('geo_cell')).toBe(located.length);
    // Nearest first reads the cells. By hand (111.2 km a degree of latitude, 96.0 of longitude at
    // 30.3 N) from the Capitol: 0.90, 2.90, 3.33, 3.91, 4.24, 10.65 and 26.6 km (Round Rock).
    const capitol = { lat: 30.2747, lon: -97.7404 };
    const found = await reopened.search({ environment: 'live', near: { ...capitol, radiusKm: 30 }, sort: 'distance', order: 'asc', limit: 3, offset: 0 });
    expect(found.hits.map((hit) => hit.document.id)).toEqual(['biz_aus_pizza', 'biz_aus_taco', 'biz_aus_cafe']);
    expect(found.total).toBe(7);
    const rest = await reopened.search({ environment: 'live', near: { ...capitol, radiusKm: 30 }, sort: 'distance', order: 'asc', limit: 3, offset: 3 });
    expect(rest.hits.map((hit) => hit.document.id)).toEqual(['biz_aus_plumb', 'biz_aus_dental', 'biz_aus_salon']);
    await reopened.close();
  });

  it('another connection to the same file answers from the swapped-in generation', async () => {
    const file = freshFile();
    const writer = createSqliteSearchIndex({ file });
    const reader = createSqliteSearchIndex({ file });
    await writer.apply(upserts(searchDocuments));
    expect(await reader.count()).toBe(searchDocuments.length);
    await writer.rebuild(async (write) => {
      await write(upserts([fixtureDocument('biz_den_cafe')]));
      expect(await reader.count()).toBe(searchDocuments.length);
    });
    expect(await reader.count()).toBe(1);
    expect((await searchText(reader, 'roasters')).hits.map((hit) => hit.document.id)).toEqual(['biz_den_cafe']);
    await Promise.all([writer.close(), reader.close()]);
  });

  it('the next rebuild replaces the tables of a rebuild whose process died', async () => {
    const file = freshFile();
    const crashed = createSqliteSearchIndex({ file });
    await crashed.apply(upserts(searchDocuments));
    await expect(
      crashed.rebuild(async (write) => {
        await write(upserts([fixtureDocument('biz_den_cafe')]));
        await crashed.close();
        throw new Error('killed');
      }),
    ).rejects.toThrow('killed');

    const restarted = createSqliteSearchIndex({ file });
    expect(await restarted.count()).toBe(searchDocuments.length);
    await restarted.rebuild(async (write) => {
      await write(upserts([fixtureDocument('biz_aus_taco')]));
    });
    expect(await restarted.count()).toBe(1);
    await restarted.close();
    const raw = new Database(file, { readonly: true });
    const tables = raw.prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'search_documents_g%'`).pluck().all();
    raw.close();
    expect(tables).toHaveLength(1);
  });

  it('merges a rebuilt generation into one FTS segment before swapping it in', async () => {
    // Many small transactions leave several segments: 40 batches of 100 documents each.
    const many = Array.from({ length: 4000 }, (_, n) => ({ ...fixtureDocument('biz_aus_cafe'), id: `biz_seg_${n}`, name: `Cafe number ${n}` }));
    const batches = Array.from({ length: 40 }, (_, b) => many.slice(b * 100, b * 100 + 100));
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    for (const batch of batches) await index.apply(upserts(batch));
    const unmergedSegments = () => {
      const raw = new Database(file);
      const names = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
      const ftsTable = names.find((name) => /^search_fts_live_g\d+$/.test(name)) as string;
      // Starting a full merge does work only when there is more than one segment.
      const merged = !raw.transaction(() => mergeSlice(raw, ftsTable, true)).immediate();
      raw.close();
      return !merged;
    };
    expect(unmergedSegments()).toBe(true);

    await index.rebuild(async (write) => {
      for (const batch of batches) await write(upserts(batch));
    });
    expect(unmergedSegments()).toBe(false);
    expect((await index.search({ environment: 'live', text: 'cafe', sort: 'relevance', order: 'desc', limit: 1, offset: 0 })).total).toBe(many.length);
    await index.close();
  });

  it("builds a rebuilt generation's secondary indexes after its bulk insert, and restores automerging for live writes", async () => {
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    const generationIndexes = (raw: InstanceType<typeof Database>, generation: string) =>
      (raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name LIKE 'search_by_%'`).pluck().all() as string[])
        .filter((name) => name.endsWith(`_g${generation}`))
        .sort();
    const before = new Database(file);
    const firstIndexes = generationIndexes(before, '1');
    before.close();
    expect(firstIndexes).toHaveLength(12);

    let duringFill: string[] = [];
    await index.rebuild(async (write) => {
      await write(upserts([fixtureDocument('biz_aus_cafe')]));
      const raw = new Database(file);
      duringFill = generationIndexes(raw, '2');
      raw.close();
    });

    const raw = new Database(file);
    // None while filling (each would be a random B-tree insert per document), all ten at the swap.
    expect(duringFill).toEqual([]);
    expect(generationIndexes(raw, '2')).toEqual(firstIndexes.map((name) => name.replace(/_g1$/, '_g2')));
    for (const environment of ['live', 'test']) {
      const automerge = raw.prepare(`SELECT v FROM search_fts_${environment}_g2_config WHERE k = 'automerge'`).pluck().get();
      expect(automerge).toBe(4);
    }
    raw.close();
    expect((await index.search({ environment: 'live', text: 'cafe', sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).total).toBe(1);
    await index.close();
  });

  it('refuses a second rebuild while one is running', async () => {
    const index = createSqliteSearchIndex({ file: ':memory:' });
    let second: Promise<void> | undefined;
    await index.rebuild(async () => {
      second = index.rebuild(async () => undefined);
      await expect(second).rejects.toBeInstanceOf(ConflictError);
    });
    await index.close();
  });

  describe('at a scale where the query shapes differ', () => {
    // Deterministic variety: ids in a shuffled order, visibility scores with ties.
    const generated = Array.from({ length: 3000 }, (_, n): SearchDocument => {
      const base = fixtureDocument(n % 2 === 0 ? 'biz_aus_cafe' : 'biz_aus_dental');
      return {
        ...base,
        id: `biz_gen_${((n * 7919) % 3000).toString().padStart(4, '0')}`,
        name: `${n % 3 === 0 ? 'Family' : 'Neighbourhood'} business ${n}`,
        // Businesses 27, 127, ... (visibility 99: the top of every visibility page) sell lamps.
        description: `A family run place serving ${n % 10 === 0 ? 'tacos' : n % 100 === 27 ? 'lamps' : 'lanterns'}.`,
        address: { ...base.address, city: ['Austin', 'Round Rock', 'Pflugerville'][n % 3] },
        aiVisibilityScore: (n * 37) % 100,
      };
    });
    let index: SearchIndex;
    beforeAll(async () => {
      index = createSqliteSearchIndex({ file: ':memory:' });
      await index.apply(upserts(generated));
    });
    afterAll(() => index.close());

    const expectedPage = (docs: SearchDocument[], offset: number, limit: number): string[] =>
      [...docs]
        .sort((a, b) => b.aiVisibilityScore - a.aiVisibilityScore || (a.id < b.id ? 1 : -1))
        .slice(offset, offset + limit)
        .map((doc) => doc.id);
    const page = (filters: Partial<SearchQuery>, offset: number) =>
      index.search({ environment: 'live', sort: 'aiVisibilityScore', order: 'desc', limit: 20, offset, ...filters });

    // 3000 matches > DENSE_MIN_MATCHES and > DENSE_MATCHES_PER_PAGE_ROW x (offset + limit) only
    // for the shallow page (2670 "lanterns" matches too); 500 (or 300 "tacos") are always sorted as candidates.
    it.each([
      ['many matches (ordered index scan)', { state: 'tx', country: 'us' }, () => generated, 40],
      ['few matches (sorted candidates)', { categories: ['Cafes'], city: 'round rock' }, () => generated.filter((d, n) => n % 2 === 0 && n % 3 === 1), 20],
      ['a deep page of many matches (sorted candidates)', { state: 'TX', country: 'US' }, () => generated, 2900],
      ['text matching many (ordered index scan keeping the matched rows)', { text: 'lanterns', state: 'tx' }, () => generated.filter((d) => d.description.includes('lanterns')), 0],
      ['text matching few (sorted candidates)', { text: 'tacos', state: 'tx' }, () => generated.filter((d) => d.description.includes('tacos')), 20],
      ['a deep page of text matching many (sorted candidates)', { text: 'lanterns', state: 'tx' }, () => generated.filter((d) => d.description.includes('lanterns')), 2600],
    ])('combined filters page identically with %s', async (_, filters, matching, offset) => {
      const result = await page(filters, offset);
      expect(result.total).toBe(matching().length);
      expect(result.hits.map((hit) => hit.document.id)).toEqual(expectedPage(matching(), offset, 20));
    });

    it('leaves a word found in most documents out of the match when a rarer one was asked for', async () => {
      const tacos = generated.filter((doc) => doc.description.includes('tacos'));
      const both = await index.search({ environment: 'live', text: 'family tacos', sort: 'relevance', order: 'desc', limit: 5, offset: 0 });
      expect(both.total).toBe(tacos.length);
      const alone = await index.search({ environment: 'live', text: 'family', sort: 'relevance', order: 'desc', limit: 5, offset: 0 });
      expect(alone.total).toBe(generated.length);
    });
  });

  it('decides which words are too common from counts as of the last write, not from a stale cache', async () => {
    const index = createSqliteSearchIndex({ file: ':memory:' });
    const docs = (from: number, count: number, words: (n: number) => string) =>
      upserts(Array.from({ length: count }, (_, i) => searchDocument({ id: `biz_common_${from + i}`, name: `Shop ${from + i}`, category: 'florists', description: words(from + i) })));
    // 1 200 documents: "lanterns" in 480 (40 %), "tacos" in 120.
    await index.apply(docs(0, 1200, (n) => (n % 10 === 0 ? 'tacos' : n % 10 < 5 ? 'lanterns' : 'lamps')));
    const total = async () => (await index.search({ environment: 'live', text: 'lanterns tacos', textComplete: true, sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).total;
    expect(await total()).toBe(600);
    // 600 more with "lanterns": now in 1 080 of 1 800 (60 %), so only "tacos" is searched.
    await index.apply(docs(1200, 600, () => 'lanterns'));
    expect(await total()).toBe(120);
    await index.close();
  });

  it('never lets user text match its filter and grid-cell tokens, fenced or not', async () => {
    const index = createSqliteSearchIndex({ file: ':memory:' });
    await index.apply(upserts(searchDocuments));
    const austinTaco = fixtureDocument('biz_aus_taco');
    const categoryTag = tagToken('category', austinTaco.category);
    const cellTag = documentCellTokens(austinTaco.coordinates!)[0];
    const idsFor = async (text: string) => (await searchText(index, text)).hits.map((hit) => hit.document.id);
    const accented = `x\u01f5${cellTag.slice(2)}`; // "xǵ…": the tokenizer folds it to the cell token
    for (const text of [categoryTag, categoryTag.slice(0, 4), cellTag, 'xg', accented]) expect({ text, ids: await idsFor(text) }).toEqual({ text, ids: [] });
    expect(await idsFor(`tacos ${cellTag}`)).toEqual(await idsFor('tacos'));
    // Ordinary words run unfenced and still find what they should.
    expect((await searchText(index, 'speakeasy')).hits.map((hit) => hit.document.id)).toEqual(['biz_chi_pizza']);
    await index.close();
  });

  it('answers UnavailableError once closed', async () => {
    const index = createSqliteSearchIndex({ file: ':memory:' });
    await index.ping();
    await index.close();
    await expect(index.ping()).rejects.toBeInstanceOf(UnavailableError);
    await expect(searchText(index, 'pizza')).rejects.toBeInstanceOf(UnavailableError);
  });
});

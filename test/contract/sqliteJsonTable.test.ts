// The embedded index keeps each document's JSON in its own table (search_json_gN), apart from the
// slim documents row searches read per candidate: the writer keeps the two in step, and the
// search index's migration 7 moves the JSON out of the documents table of an older file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { IndexAction, SearchDocument, SearchHit, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { fixtureDocument, searchDocuments } from '../fixtures/searchDocuments';
import { rewindIndexLayout } from './olderIndexLayout';

const upserts = (docs: SearchDocument[]): IndexAction[] => docs.map((document) => ({ type: 'upsert', document }));
const ids = (hits: Array<{ document: SearchDocument }>): string[] => hits.map((hit) => hit.document.id);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sqlite-json-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const freshFile = (): string => join(dir, `index-${++files}.db`);

/** The search index's tables as the file holds them: columns of the documents table, rows of each table. */
function layout(file: string): { documentColumns: string[]; indexes: string[]; documents: number; json: Record<string, string> | null } {
  const raw = new Database(file, { readonly: true });
  try {
    const names = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[];
    const documents = names.filter((name) => /^search_documents_g\d+$/.test(name));
    const json = names.filter((name) => /^search_json_g\d+$/.test(name));
    expect(documents).toHaveLength(1);
    expect(json.length).toBeLessThanOrEqual(1);
    const documentColumns = raw.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(documents[0]) as string[];
    const indexes = raw.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name`).pluck().all(documents[0]) as string[];
    const count = raw.prepare(`SELECT COUNT(*) FROM ${documents[0]}`).pluck().get() as number;
    if (json.length === 0) return { documentColumns, indexes, documents: count, json: null };
    // Keyed by the documents row's key, joined on the shared row id: a JSON row without its documents row is left out.
    const rows = raw
      .prepare(`SELECT d.environment || '/' || d.id AS key, j.document FROM ${documents[0]} AS d JOIN ${json[0]} AS j ON j.row_id = d.row_id`)
      .all() as Array<{ key: string; document: string }>;
    const orphans = raw.prepare(`SELECT COUNT(*) FROM ${json[0]} WHERE row_id NOT IN (SELECT row_id FROM ${documents[0]})`).pluck().get();
    expect(orphans).toBe(0);
    return { documentColumns, indexes, documents: count, json: Object.fromEntries(rows.map((row) => [row.key, row.document])) };
  } finally {
    raw.close();
  }
}

const DOWNTOWN_AUSTIN = { lat: 30.2672, lon: -97.7431 };
// Each reads documents rows differently: text scored with the row length, a radius with distances,
// a time filter (its masks and the exact rule), a field sort through an index, the test environment.
const QUERIES: SearchQuery[] = [
  { environment: 'live', text: 'pizza', sort: 'relevance', order: 'desc', limit: 10, offset: 0 },
  { environment: 'live', text: 'plumbing', near: { ...DOWNTOWN_AUSTIN, radiusKm: 40 }, sort: 'relevance', order: 'desc', limit: 10, offset: 0 },
  { environment: 'live', near: { ...DOWNTOWN_AUSTIN, radiusKm: 30 }, sort: 'distance', order: 'asc', limit: 5, offset: 1 },
  { environment: 'live', opening: { at: '2026-11-23T16:00:00.000Z', openNow: true }, sort: 'name', order: 'asc', limit: 50, offset: 0 },
  { environment: 'live', minRating: 4, sort: 'rating', order: 'desc', limit: 50, offset: 0 },
  { environment: 'test', text: 'plumbing', sort: 'relevance', order: 'desc', limit: 10, offset: 0 },
];

interface Answer {
  total: number;
  hits: Array<Pick<SearchHit, 'document' | 'fields' | 'textScore' | 'distanceKm'>>;
}

async function answers(index: SearchIndex): Promise<Answer[]> {
  return Promise.all(
    QUERIES.map(async (query) => {
      const result = await index.search(query);
      // Plain objects: the whole document, its ranking fields, scores and distances must be the same.
      const hits = result.hits.map(({ document, fields, textScore, distanceKm }) => ({ document, fields, textScore, distanceKm }));
      return { total: result.total, hits };
    }),
  );
}

describe('sqlite search index: the document JSON in its own table', () => {
  it('writes one JSON row per documents row, rewrites it on update and removes it on delete', async () => {
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    await index.apply(upserts(searchDocuments));
    const written = layout(file);
    expect(written.documentColumns).not.toContain('document');
    expect(written.documents).toBe(searchDocuments.length);
    expect(Object.keys(written.json!)).toHaveLength(searchDocuments.length);
    expect(JSON.parse(written.json!['live/biz_den_cafe'])).toEqual(fixtureDocument('biz_den_cafe'));

    // A replayed batch changes nothing; an updated document replaces its JSON under the same row id.
    await index.apply(upserts(searchDocuments));
    const renamed = { ...fixtureDocument('biz_den_cafe'), name: 'Altitude Zephyr Lab' };
    await index.apply(upserts([renamed]));
    const updated = layout(file);
    expect(updated.documents).toBe(searchDocuments.length);
    expect(JSON.parse(updated.json!['live/biz_den_cafe'])).toEqual(renamed);
    expect(await index.get('live', 'biz_den_cafe')).toEqual(renamed);
    expect(ids((await index.search({ environment: 'live', text: 'zephyr', sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).hits)).toEqual(['biz_den_cafe']);

    await index.apply([{ type: 'delete', environment: 'live', id: 'biz_den_cafe' }]);
    const deleted = layout(file);
    expect(deleted.documents).toBe(searchDocuments.length - 1);
    expect(Object.keys(deleted.json!)).toHaveLength(searchDocuments.length - 1);
    expect(deleted.json!['live/biz_den_cafe']).toBeUndefined();
    expect(await index.get('live', 'biz_den_cafe')).toBeNull();
    await index.close();
  });

  it("a rebuild fills the new generation's JSON table and drops the old one", async () => {
    const file = freshFile();
    const index = createSqliteSearchIndex({ file });
    await index.apply(upserts(searchDocuments));
    await index.rebuild(async (write) => {
      await write(upserts([fixtureDocument('biz_chi_pizza'), fixtureDocument('biz_tor_cafe')]));
    });
    const rebuilt = layout(file);
    expect(Object.keys(rebuilt.json!).sort()).toEqual(['live/biz_chi_pizza', 'live/biz_tor_cafe']);
    expect(ids((await index.search({ environment: 'live', text: 'speakeasy', sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).hits)).toEqual(['biz_chi_pizza']);
    await index.close();
  });

  it('moves the JSON of an index written before out of its documents table (migration 7), with the same answers', async () => {
    const file = freshFile();
    const first = createSqliteSearchIndex({ file });
    await first.apply(upserts(searchDocuments));
    const before = await answers(first);
    // No query may compare two empty answers.
    for (const answer of before) expect(answer.hits.length).toBeGreaterThan(0);
    await first.close();
    // Back to the layout before search index schema version 7: the JSON in the documents table.
    rewindIndexLayout(file, [], 7);
    const older = layout(file);
    expect(older.documentColumns).toContain('document');
    expect(older.json).toBeNull();

    const freePages = (): number => {
      const raw = new Database(file, { readonly: true });
      try {
        return raw.pragma('freelist_count', { simple: true }) as number;
      } finally {
        raw.close();
      }
    };
    expect(freePages()).toBe(0);

    const reopened = createSqliteSearchIndex({ file });
    // The old documents table's pages are handed back (the first slice before open returns).
    expect(freePages()).toBe(0);
    const migrated = layout(file);
    expect(migrated.documentColumns).not.toContain('document');
    // The packed copy of the documents table has the indexes the table had (the twelve, and the unique key's).
    expect(migrated.indexes).toEqual(older.indexes);
    expect(migrated.indexes.filter((name) => name.startsWith('search_by_'))).toHaveLength(12);
    expect(Object.keys(migrated.json!)).toHaveLength(searchDocuments.length);
    expect(JSON.parse(migrated.json!['test/biz_test_a'])).toEqual(searchDocuments.find((doc) => doc.environment === 'test' && doc.id === 'biz_test_a'));
    expect(await answers(reopened)).toEqual(before);
    expect(await reopened.get('live', 'biz_tor_cafe')).toEqual(fixtureDocument('biz_tor_cafe'));

    // Writes after the migration: an update, a new document and a delete.
    await reopened.apply([
      ...upserts([{ ...fixtureDocument('biz_chi_pizza'), tagline: 'Now with a rooftop' }, { ...fixtureDocument('biz_tor_cafe'), id: 'biz_tor_cafe_2', name: 'Ossington Roasters' }]),
      { type: 'delete', environment: 'live', id: 'biz_aus_taco' },
    ]);
    expect((await reopened.search({ environment: 'live', text: 'rooftop', sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).hits[0].document.tagline).toBe('Now with a rooftop');
    expect(ids((await reopened.search({ environment: 'live', text: 'ossington', sort: 'relevance', order: 'desc', limit: 5, offset: 0 })).hits)).toEqual(['biz_tor_cafe_2']);
    expect(await reopened.get('live', 'biz_aus_taco')).toBeNull();
    const written = layout(file);
    expect(written.documents).toBe(searchDocuments.length);
    expect(Object.keys(written.json!)).toHaveLength(searchDocuments.length);
    expect(written.json!['live/biz_aus_taco']).toBeUndefined();
    await reopened.close();
  });
});

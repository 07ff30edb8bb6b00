// Writes documents into one generation: the documents row, its JSON row, its FTS row and its kinds
// rows share a row id, and the caller's transaction keeps them in step (a crash never leaves one
// without the others).
// With `lists`, the document's search lists (postings and place record, searchListsWriter.ts) too.
import type { Statement } from 'better-sqlite3';
import type { Environment } from '../../../domain/profile';
import { normalizeKeyword, type SearchDocument } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import type { DocumentRow } from './documentRow';
import { prepareRow, type PreparedRow } from './preparedRow';
import type { GenerationTables } from './indexTables';
import { createSearchListsWriter } from './searchListsWriter';

export interface GenerationWriter {
  /**
   * bulk: a rebuild's write; a new row's lists are buffered until flushLists. prepared: the
   * document's rows, prepared on a thread (rowPreparation.ts); else prepared here.
   */
  upsert(document: SearchDocument, options?: { bulk?: boolean; prepared?: PreparedRow | null }): UpsertedRow;
  /**
   * A rebuild slice's postings run (postingsRun.ts), with what each of its documents' upserts
   * returned (null for an action that wrote no row); a no-op without lists.
   */
  addRun(run: Buffer, upserted: readonly UpsertedRow[]): void;
  /** A missing document is not an error: deletes are idempotent like the change feed's replays. */
  remove(environment: Environment, id: string): void;
  /** Writes the lists a rebuild buffered (inside a write transaction); a no-op without lists. */
  flushLists(): void;
  /** Forgets them (the rebuild was abandoned). */
  discardLists(): void;
}

/**
 * What an upsert wrote: the row, and whether its postings wait for the slice's run (a new row of a
 * rebuild); null when the document was already indexed as it is.
 */
export type UpsertedRow = { rowId: number; tokenCount: number; fromRun: boolean } | null;

const ROW_COLUMNS = [
  ['environment', 'environment'],
  ['id', 'id'],
  ['category_norm', 'categoryNorm'],
  ['city_norm', 'cityNorm'],
  ['state_norm', 'stateNorm'],
  ['country_norm', 'countryNorm'],
  ['verification_level', 'verificationLevel'],
  ['average_rating', 'averageRating'],
  ['review_count', 'reviewCount'],
  ['completeness', 'completeness'],
  ['ai_visibility_score', 'aiVisibilityScore'],
  ['min_price', 'minPrice'],
  ['lat', 'lat'],
  ['lon', 'lon'],
  ['name_sort', 'nameSort'],
  ['opening', 'opening'],
  ['postal_key', 'postalKey'],
  ['open_days', 'openDays'],
  ['open_h0', 'openH0'],
  ['open_h1', 'openH1'],
  ['open_h2', 'openH2'],
  ['geo_cell', 'geoCell'],
  ['category_keys', 'categoryKeys'],
] as const;

export function createGenerationWriter(
  db: SqliteDatabase,
  tables: GenerationTables,
  options: { lists?: boolean; listsFlushEvery?: number } = {},
): GenerationWriter {
  const lists = options.lists ? createSearchListsWriter(db, tables, options.listsFlushEvery) : null;
  const columns = [...ROW_COLUMNS.map(([column]) => column), 'row_id', 'token_count'];
  const values = [...ROW_COLUMNS.map(([, param]) => `@${param}`), '@rowId', '@tokenCount'];
  // Look up, then INSERT or UPDATE: about half the cost of INSERT ... ON CONFLICT ... RETURNING here.
  const findRow = db.prepare(
    `SELECT d.row_id AS rowId, j.document FROM ${tables.documents} AS d LEFT JOIN ${tables.json} AS j ON j.row_id = d.row_id ` +
      `WHERE d.environment = ? AND d.id = ?`,
  ) as Statement<[string, string], { rowId: number; document: string | null }>;
  const insertRow = db.prepare(`INSERT INTO ${tables.documents} (${columns.join(', ')}) VALUES (${values.join(', ')})`);
  const updateRow = db.prepare(
    `UPDATE ${tables.documents} SET ${ROW_COLUMNS.slice(2).map(([column, param]) => `${column} = @${param}`).join(', ')}, token_count = @tokenCount
     WHERE row_id = @rowId`,
  );
  // Appends in row id order during a rebuild (one B-tree insert at the table's end); an update
  // rewrites the JSON in place.
  const writeJson = db.prepare(
    `INSERT INTO ${tables.json} (row_id, document) VALUES (@rowId, @document) ON CONFLICT (row_id) DO UPDATE SET document = excluded.document`,
  );
  // A new row's id is chosen before its text is indexed, so the documents row is written once,
  // with its length: writing it and then updating the length rewrote the whole row a second
  // time. Read inside the writer's transaction, so no other writer takes the same id meanwhile.
  const nextRowId = db.prepare(`SELECT coalesce(max(row_id), 0) + 1 FROM ${tables.documents}`).pluck();
  // contentless_delete=1 lets REPLACE drop the old FTS entry of the row id without its old text.
  const replaceText = perEnvironment((fts) =>
    db.prepare(
      `INSERT OR REPLACE INTO ${fts} (rowid, name, category, services, tagline, description, exclusive, tags)
       VALUES (@rowId, @name, @category, @services, @tagline, @description, @exclusive, @tags)`,
    ),
  );
  // FTS5 keeps each row's length per column in docsize; the documents row keeps the total (indexTables.ts).
  const rowSizes = perEnvironment((fts) => db.prepare(`SELECT sz FROM ${fts}_docsize WHERE id = ?`).pluck());
  const deleteRow = db.prepare(
    `DELETE FROM ${tables.documents} WHERE environment = ? AND id = ? RETURNING row_id AS rowId`,
  ) as Statement<[string, string], { rowId: number }>;
  const deleteJson = db.prepare(`DELETE FROM ${tables.json} WHERE row_id = ?`);
  const deleteText = perEnvironment((fts) => db.prepare(`DELETE FROM ${fts} WHERE rowid = ?`));
  // The document's kinds with its sort keys (indexTables.ts kindsTableSql), replaced with the row.
  const insertKind = db.prepare(
    `INSERT INTO ${tables.kinds} (row_id, kind, environment, ai_visibility_score, average_rating, review_count, name_sort, id, ` +
      'city_norm, state_norm, country_norm, verification_level) VALUES (@rowId, @kind, @environment, @aiVisibilityScore, @averageRating, ' +
      '@reviewCount, @nameSort, @id, @cityNorm, @stateNorm, @countryNorm, @verificationLevel)',
  );
  const deleteKinds = db.prepare(`DELETE FROM ${tables.kinds} WHERE row_id = ?`);
  const writeKinds = (row: DocumentRow & { rowId: number }) => {
    for (const kind of new Set(row.categoryKeys === '' ? [] : row.categoryKeys.split(' ').map(normalizeKeyword))) insertKind.run({ ...row, kind });
  };

  return {
    upsert(document, { bulk = false, prepared } = {}) {
      const { row, text, place } = prepared ?? prepareRow(document);
      const existing = findRow.get(document.environment, document.id);
      // The indexer replays a batch after a crash: an identical document is already indexed.
      if (existing?.document === row.document) return null;
      const rowId = existing?.rowId ?? (nextRowId.get() as number);
      // The key includes the environment, so a row id never moves between the two FTS tables.
      replaceText[document.environment].run({ rowId, ...text });
      const written = { ...row, rowId, tokenCount: tokenCount(rowSizes[document.environment].get(rowId) as Buffer) };
      if (existing !== undefined) {
        updateRow.run(written);
        deleteKinds.run(rowId);
      } else {
        insertRow.run(written);
      }
      writeKinds(written);
      writeJson.run({ rowId, document: row.document });
      const fromRun = bulk && existing === undefined;
      if (lists) {
        if (existing !== undefined) lists.remove(document.environment, rowId, existing.document);
        lists.insert({ document, row, text, place, rowId, tokenCount: written.tokenCount }, fromRun);
      }
      return { rowId, tokenCount: written.tokenCount, fromRun };
    },
    addRun(run, upserted) {
      lists?.addRun(run, upserted.map((written) => (written?.fromRun ? written : null)));
    },
    remove(environment, id) {
      if (lists) {
        const existing = findRow.get(environment, id);
        if (existing !== undefined) lists.remove(environment, existing.rowId, existing.document);
      }
      const removed = deleteRow.get(environment, id);
      if (!removed) return;
      deleteJson.run(removed.rowId);
      deleteKinds.run(removed.rowId);
      deleteText[environment].run(removed.rowId);
    },
    flushLists: () => lists?.flush(),
    discardLists: () => lists?.discard(),
  };

  function perEnvironment(make: (fts: string) => Statement): Record<Environment, Statement> {
    return { live: make(tables.fts.live), test: make(tables.fts.test) };
  }
}

/** The sum of a docsize record: one SQLite varint per column (7 bits a byte, high bit = more follow). */
export function tokenCount(sizes: Uint8Array): number {
  let total = 0;
  let value = 0;
  for (const byte of sizes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      total += value;
      value = 0;
    }
  }
  return total;
}

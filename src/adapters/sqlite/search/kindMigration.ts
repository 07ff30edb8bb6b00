// The search index's migration 8: documents carry their category's taxonomy keys and
// kinds' names (and the documents table a category_keys column). Rows written before get them now, from their own label (the same function the
// indexer uses), in their JSON, their FTS category text and their kind tags, so category filters and
// "cafe finds a business filed as coffee" work on an old file without waiting for a reindex. Each row's
// FTS entry is written again with its full text from the JSON (contentless_delete lets INSERT OR
// REPLACE drop the old one), and its length moves with it. About 2 s per 10 000 businesses, once.
import { categoryKeysOf, indexedCategory } from '../../../domain/categories/canonicalCategory';
import type { SearchDocument } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import { ftsRow } from './documentRow';
import { tokenCount } from './generationWriter';
import { existingGenerations, generationTables } from './indexTables';

const PAGE_ROWS = 5000;

type Environment = SearchDocument['environment'];

export function addCategoryKinds(db: SqliteDatabase): void {
  for (const generation of existingGenerations(db)) {
    const tables = generationTables(generation);
    // Pages by row id: a million documents are never in memory at once.
    const page = db.prepare(
      `SELECT j.row_id AS rowId, j.document, d.environment FROM ${tables.json} AS j JOIN ${tables.documents} AS d ON d.row_id = j.row_id ` +
        `WHERE j.row_id > ? ORDER BY j.row_id LIMIT ${PAGE_ROWS}`,
    );
    const writeJson = db.prepare(`UPDATE ${tables.json} SET document = ? WHERE row_id = ?`);
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(tables.documents) as string[];
    if (!columns.includes('category_keys')) db.exec(`ALTER TABLE ${tables.documents} ADD COLUMN category_keys TEXT`);
    const writeRow = db.prepare(`UPDATE ${tables.documents} SET token_count = ?, category_keys = ? WHERE row_id = ?`);
    const perEnvironment = (environment: Environment) => {
      const fts = tables.fts[environment];
      return {
        replaceText: db.prepare(
          `INSERT OR REPLACE INTO ${fts} (rowid, name, category, services, tagline, description, exclusive, tags)
           VALUES (@rowId, @name, @category, @services, @tagline, @description, @exclusive, @tags)`,
        ),
        rowSize: db.prepare(`SELECT sz FROM ${fts}_docsize WHERE id = ?`).pluck(),
      };
    };
    const statements = { live: perEnvironment('live'), test: perEnvironment('test') };
    for (let after = 0; ; ) {
      const rows = page.all(after) as Array<{ rowId: number; document: string; environment: Environment }>;
      if (rows.length === 0) break;
      after = rows[rows.length - 1].rowId;
      for (const row of rows) {
        const stored = JSON.parse(row.document) as SearchDocument;
        if (stored.categoryKeys !== undefined) continue;
        const document = { ...stored, ...indexedCategory(categoryKeysOf(stored.category)) };
        const { replaceText, rowSize } = statements[row.environment];
        replaceText.run({ rowId: row.rowId, ...ftsRow(document) });
        writeRow.run(tokenCount(rowSize.get(row.rowId) as Buffer), document.categoryKeys.join(' '), row.rowId);
        writeJson.run(JSON.stringify(document), row.rowId);
      }
    }
  }
}

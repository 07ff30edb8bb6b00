// Profiles get their category's taxonomy keys when written (services/profileMutation.ts); this
// start-up step gives them to profiles stored before the keys existed, or computed with another
// taxonomy version (the schema package upgraded, our additions edited). Each changed profile gets a
// change-feed row, so the indexer carries its keys to the search index. The profile's version and
// updatedAt stay: its owner changed nothing. Finds nothing to do on every later start.
import { categoryFieldsOf } from '../../../domain/categories/canonicalCategory';
import { taxonomyVersion } from '../../../domain/categories/taxonomy';
import type { SqliteDatabase } from '../openDatabase';

const PAGE_ROWS = 2000;

/** Returns how many profiles got new keys. */
export function backfillCategoryKeys(db: SqliteDatabase, now: () => Date = () => new Date()): number {
  const version = taxonomyVersion();
  // Every profile was brought to this version at an earlier start: no scan.
  const done = db.prepare('SELECT version FROM category_taxonomy_state WHERE id = 1').pluck().get() as string | undefined;
  if (done === version) return 0;
  const stale = db.prepare<[string, string, number], { id: string; environment: string; category: string | null }>(
    `SELECT id, environment, json_extract(doc, '$.category') AS category FROM profiles
     WHERE id > ? AND json_extract(doc, '$.categoryTaxonomy') IS NOT ? ORDER BY id LIMIT ?`,
  );
  const write = db.prepare<[string, string, string]>(
    `UPDATE profiles SET doc = json_set(doc, '$.categoryKeys', json(?), '$.categoryTaxonomy', ?) WHERE id = ?`,
  );
  const appendChange = db.prepare<[string, string, string]>('INSERT INTO changes (profile_id, environment, at) VALUES (?, ?, ?)');
  let updated = 0;
  const page = db.transaction((after: string) => {
    const rows = stale.all(after, version, PAGE_ROWS);
    const at = now().toISOString();
    for (const row of rows) {
      const fields = categoryFieldsOf(String(row.category ?? ''));
      write.run(JSON.stringify(fields.categoryKeys), fields.categoryTaxonomy, row.id);
      appendChange.run(row.id, row.environment, at);
    }
    updated += rows.length;
    return rows.length === PAGE_ROWS ? rows[rows.length - 1].id : undefined;
  });
  for (let after: string | undefined = ''; after !== undefined; ) after = page.immediate(after);
  db.prepare('INSERT INTO category_taxonomy_state (id, version) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET version = excluded.version').run(version);
  return updated;
}

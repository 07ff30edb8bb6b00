// The SQLite store's start-up backfill of category keys: a profile stored before its
// category had taxonomy keys gets them at the next start, with a change-feed entry so the index
// follows, and its revision untouched.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/adapters/sqlite/openDatabase';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { taxonomyVersion } from '../../src/domain/categories/taxonomy';
import { aProfile } from '../fixtures/profiles';

describe('category keys backfill (SQLite store)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'bdapi-backfill-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('gives profiles stored before the keys their keys at the next start, once, without a new revision', async () => {
    const file = join(dir, 'store.db');
    const first = createSqliteStore({ file });
    const old = aProfile({ id: 'biz_backfill_1', category: 'dental clinic', version: 3 });
    delete old.categoryKeys;
    delete old.categoryTaxonomy;
    await first.profiles.create(old);
    const unknown = aProfile({ id: 'biz_backfill_2', category: 'home-services', dedupeKeys: ['other'] });
    delete unknown.categoryKeys;
    await first.profiles.create(unknown);
    const before = await first.changeFeed.read(null, 100, 0);
    await first.close();
    // An older build's file: it never recorded which taxonomy its profiles were computed with.
    const db = openDatabase({ file });
    db.exec('DELETE FROM category_taxonomy_state');
    db.close();

    const second = createSqliteStore({ file });
    const dentist = await second.profiles.get('live', 'biz_backfill_1');
    expect(dentist).toMatchObject({ categoryKeys: ['amenity/dentist'], categoryTaxonomy: taxonomyVersion(), version: 3, updatedAt: old.updatedAt });
    expect((await second.profiles.get('live', 'biz_backfill_2'))?.categoryKeys).toEqual([]);
    const after = await second.changeFeed.read(null, 100, 0);
    expect(after.changes.length - before.changes.length).toBe(2);
    await second.close();

    // Nothing left to do: a third start writes no change.
    const third = createSqliteStore({ file });
    expect((await third.changeFeed.read(null, 100, 0)).changes).toHaveLength(after.changes.length);
    await third.close();
  });
});

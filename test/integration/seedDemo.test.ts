// npm run seed:demo, on a small scale (--days 2): one command builds the sandbox through the API,
// a second run finds and reuses it, and the events are in the analytics store.
import Database from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const TSX = TYPESCRIPT_ENTRY;

it('builds a demo sandbox in one command and reuses it on a second run', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bdapi-seed-'));
  const seed = () => run(process.execPath, [...TSX, 'scripts/seedDemo.ts', '--days', '2'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }, timeout: 120_000 });
  try {
    const first = await seed();
    const key = /\n {2}(sk_test_[A-Za-z0-9]+)\n/.exec(first.stdout)?.[1];
    expect(key).toBeDefined();
    expect(first.stdout.match(/^curl /gm)).toHaveLength(3);
    expect(first.stdout).toContain('56 published sandbox businesses, 2 days of events');

    const second = await seed();
    expect(second.stderr).toContain('reusing it');
    const secondKey = /\n {2}(sk_test_[A-Za-z0-9]+)\n/.exec(second.stdout)?.[1];
    expect(secondKey).toBeDefined();
    expect(secondKey).not.toBe(key);

    const store = createSqliteStore({ file: join(dataDir, 'store.db') });
    try {
      const account = await store.accounts.findByEmail('demo@example.com');
      const profiles = await store.profiles.listByOwner('test', account?.id ?? '');
      expect(profiles).toHaveLength(56);
      expect(profiles.every((profile) => profile.status === 'published')).toBe(true);
      // Owners' own labels, each business described in its own words.
      expect(new Set(profiles.map((profile) => profile.description)).size).toBe(56);
      const coffee = profiles.filter((profile) => profile.category === 'coffee');
      expect(coffee).toHaveLength(4);
      expect(coffee.every((profile) => profile.categoryKeys?.includes('amenity/cafe/coffee_shop'))).toBe(true);
      expect(profiles.filter((profile) => profile.category === 'home-services').every((profile) => profile.categoryKeys?.length === 0)).toBe(true);
    } finally {
      await store.close();
    }
    const analytics = new Database(join(dataDir, 'analytics.db'), { readonly: true });
    try {
      const counts = Object.fromEntries(
        (analytics.prepare('SELECT type, COUNT(*) AS n FROM analytics_events GROUP BY type').all() as Array<{ type: string; n: number }>).map((row) => [row.type, row.n]),
      );
      // Two days of 10-16 searches each, every answer with businesses; clicks follow some of them.
      expect(counts.impression).toBeGreaterThanOrEqual(20);
      expect(counts.website_visit).toBeGreaterThan(0);
      expect(analytics.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE environment <> 'test'").get()).toEqual({ n: 0 });
    } finally {
      analytics.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);

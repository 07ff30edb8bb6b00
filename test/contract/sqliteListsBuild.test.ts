// A rebuild writes the search lists in bulk (postings as sorted runs made per slice, on threads for
// large writes, merged at each flush; place records buffered per list): every list must hold
// exactly the entries the live writes of the same documents give it, one document at a time.
// Lists are compared entry by entry (block boundaries differ: live writes split blocks in halves).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createIndexState } from '../../src/adapters/sqlite/search/indexState';
import { generationTables } from '../../src/adapters/sqlite/search/indexTables';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import { openDatabase } from '../../src/adapters/sqlite/openDatabase';
import type { SearchDocument } from '../../src/ports/searchIndex';
import { createSeededRandom, type SeededRandom } from '../../scripts/bench/seededRandom';
import { searchDocument } from '../fixtures/searchDocument';

const library = rankExtension().library;
if (library === null) console.log('sqliteListsBuild: skipped, the native extension cannot be built here (no C compiler)');
const describeNative = library === null ? describe.skip : describe;

const WORDS = ['ramen', 'pizza', 'Café', 'crème', 'brûlée', 'plumber', 'emergency', 'open', 'late', 'the', 'and', 'x'.repeat(300), 'naïve', 'tacos', 'wi-fi', 'ÉCOLE'];
const CATEGORIES = ['restaurants', 'auto repair', 'hair salons', 'ice cream shop', 'cafes', 'nail salons and spas'];
const KINDS = ['amenity/restaurant', 'amenity/cafe', 'shop/car_repair', 'shop/hairdresser', 'amenity/ice_cream'];

function document(random: SeededRandom, n: number): SearchDocument {
  const words = (min: number, max: number) => Array.from({ length: random.int(min, max) }, () => random.pick(WORDS)).join(' ');
  return searchDocument({
    id: `biz_${String(n).padStart(5, '0')}`,
    environment: random.chance(0.15) ? 'test' : 'live',
    name: words(1, 3),
    category: random.pick(CATEGORIES),
    categoryKeys: random.sample(KINDS, random.int(0, 3)),
    categoryNames: random.sample(CATEGORIES, random.int(0, 2)),
    description: words(0, 20),
    tagline: random.chance(0.5) ? words(1, 4) : '',
    servicesText: words(0, 6),
    exclusiveText: random.chance(0.2) ? words(1, 5) : '',
    ...(random.chance(0.9)
      ? { coordinates: { lat: 30 + random.between(-2, 2), lon: -97 + random.between(-2, 2) } }
      : { coordinates: undefined }),
    verificationLevel: random.pick(['none', 'basic', 'verified'] as const),
    ...(random.chance(0.5) && { minPrice: random.int(1, 100) }),
  });
}

/** Every entry of a lists table: list, cell, row and payload (hex), decoded from its blocks (native/blockLists.h). */
function entries(file: string, table: string, kind: 'postings' | 'places'): string[] {
  const db = openDatabase({ file });
  try {
    const out: string[] = [];
    for (const { list, cell, first_row: firstRow, data } of db.prepare(`SELECT list, cell, first_row, data FROM ${table}`).all() as Array<{ list: string | number; cell: number; first_row: number; data: Buffer }>) {
      let at = 0;
      const varint = (): number => {
        let value = 0;
        for (let shift = 1; ; shift *= 128) {
          const byte = data[at++];
          value += (byte & 0x7f) * shift;
          if ((byte & 0x80) === 0) return value;
        }
      };
      const n = varint();
      varint(); // span
      if (kind === 'postings') for (let i = 0; i < 3; i++) varint(); // the block's bounds
      let row = firstRow;
      for (let i = 0; i < n; i++) {
        row += varint();
        const start = at;
        if (kind === 'postings') for (let j = 0; j < 3; j++) varint();
        else at += 104;
        out.push(`${list}|${cell}|${row}|${data.subarray(start, at).toString('hex')}`);
      }
    }
    return out.sort();
  } finally {
    db.close();
  }
}

describeNative('a rebuild\'s search lists equal those live writes give the same documents', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'lists-build-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['a write prepared on the event loop', 900],
    ['a write prepared on threads', 5200],
  ])('%s (%i documents, flushed every 700 rows)', async (_, count) => {
    const random = createSeededRandom(`lists-build-${count}`);
    const docs = Array.from({ length: count }, (_, n) => document(random, n));
    const upserts = docs.map((doc) => ({ type: 'upsert' as const, document: doc }));
    const liveFile = join(dir, 'live.db');
    const builtFile = join(dir, 'built.db');
    const live = createSqliteSearchIndex({ file: liveFile });
    const built = createSqliteSearchIndex({ file: builtFile, listsFlushEvery: 700 });
    try {
      // Live writes: every list entry goes in one by one, none in bulk.
      for (let start = 0; start < upserts.length; start += 100) expect(await live.apply(upserts.slice(start, start + 100))).toEqual({ failures: [] });
      await built.rebuild(async (write) => {
        expect(await write(upserts)).toEqual({ failures: [] });
      });
    } finally {
      await live.close();
      await built.close();
    }
    const raw = openDatabase({ file: builtFile });
    const generation = createIndexState(raw).read().current!;
    raw.close();
    const liveTables = generationTables(1);
    const builtTables = generationTables(generation);
    const livePostings = entries(liveFile, liveTables.postings, 'postings');
    expect(livePostings.length).toBeGreaterThan(count * 10);
    expect(entries(builtFile, builtTables.postings, 'postings')).toEqual(livePostings);
    expect(entries(builtFile, builtTables.places, 'places')).toEqual(entries(liveFile, liveTables.places, 'places'));
    expect(entries(builtFile, builtTables.kindPlaces, 'places')).toEqual(entries(liveFile, liveTables.kindPlaces, 'places'));
  }, 300_000);
});

// distance_km in C (src/adapters/sqlite/search/native/distanceKm.c): the same distances as the
// JavaScript haversineKm it replaces on a searching connection, the same NULLs, and registered
// deterministic and innocuous in its place (without the library, the JavaScript one stays).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { haversineKm } from '../../src/adapters/sqlite/search/geo';
import { rankExtension } from '../../src/adapters/sqlite/search/rankExtension';
import { prepareSearchConnection } from '../../src/adapters/sqlite/search/searchReader';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { createSeededRandom } from '../../scripts/bench/seededRandom';
import { searchDocument } from '../fixtures/searchDocument';

type Pair = [lat1: number, lon1: number, lat2: number, lon2: number];

const library = (): string => {
  const extension = rankExtension();
  if (extension.library === null) throw new Error(`the extension was not built: ${extension.reason}`);
  return extension.library;
};

/** A searching connection, with the C distance (library) or only the JavaScript one (null). */
function connection(rankLibrary: string | null): Database.Database {
  const db = new Database(':memory:');
  prepareSearchConnection(db, { rankLibrary });
  return db;
}

let native: Database.Database;
let javascript: Database.Database;
beforeAll(() => {
  native = connection(library());
  javascript = connection(null);
});
afterAll(() => {
  native.close();
  javascript.close();
});

const distance = (db: Database.Database, pair: Array<number | null>): number | null =>
  db.prepare('SELECT distance_km(?, ?, ?, ?)').pluck().get(...pair) as number | null;

/** How many doubles lie between a and b (both finite, same sign). */
function ulps(a: number, b: number): number {
  const bits = new BigInt64Array(new Float64Array([a, b]).buffer);
  const gap = bits[0] - bits[1];
  return Number(gap < 0n ? -gap : gap);
}

/** Deterministic pairs over the whole globe and its awkward places. */
function pairs(): Array<{ kind: string; pair: Pair }> {
  const random = createSeededRandom('distance_km');
  const lat = () => random.between(-90, 90);
  const lon = () => random.between(-180, 180);
  const kinds: Array<[string, number, () => Pair]> = [
    ['anywhere', 1000, () => [lat(), lon(), lat(), lon()]],
    ['nearby', 500, () => {
      const [a, b] = [random.between(-89, 89), random.between(-179, 179)];
      return [a, b, a + random.between(-0.5, 0.5), b + random.between(-0.5, 0.5)];
    }],
    ['antipodes', 300, () => {
      const [a, b] = [lat(), random.between(-180, 0)];
      return [a, b, -a, b + 180];
    }],
    ['nearly antipodes', 300, () => {
      const [a, b] = [lat(), random.between(-180, 0)];
      return [a, b, -a + random.between(-0.01, 0.01), b + 180 + random.between(-0.01, 0.01)];
    }],
    ['across the antimeridian', 400, () => [random.between(-80, 80), random.between(179, 180), random.between(-80, 80), random.between(-180, -179)]],
    ['from a pole', 300, () => [random.chance(0.5) ? 90 : -90, lon(), lat(), lon()]],
    ['the same point', 200, () => {
      const [a, b] = [lat(), lon()];
      return [a, b, a, b];
    }],
  ];
  return kinds.flatMap(([kind, count, pair]) => Array.from({ length: count }, () => ({ kind, pair: pair() })));
}

describe('distance_km in C', () => {
  it('replaces the JavaScript function on a searching connection, deterministic and innocuous', () => {
    const registered = (db: Database.Database) =>
      db.prepare("SELECT narg, enc, flags FROM pragma_function_list WHERE name = 'distance_km'").all();
    // SQLITE_DETERMINISTIC is 0x800, SQLITE_INNOCUOUS 0x200000 (sqlite3.h).
    expect(registered(native)).toEqual([{ narg: 4, enc: 'utf8', flags: 0x800 | 0x200000 }]);
    expect(registered(javascript)).toEqual([{ narg: 4, enc: 'utf8', flags: 0x800 }]);
    // Innocuous: usable from a view even when the schema is not trusted; the JavaScript one is not.
    for (const db of [native, javascript]) {
      db.exec('CREATE VIEW IF NOT EXISTS one_degree AS SELECT distance_km(0, 0, 0, 1) AS km; PRAGMA trusted_schema = OFF');
    }
    expect(native.prepare('SELECT km FROM one_degree').pluck().get()).toBeCloseTo(111.195, 3);
    expect(() => javascript.prepare('SELECT km FROM one_degree').pluck().get()).toThrow(/unsafe use of distance_km/);
  });

  // Worked out by hand from the radius 6371.0088 km (closed forms), and for the city pairs with
  // the same formula at 40 significant digits (mpmath): 1e-9 km is a micrometre.
  it.each<[string, Pair, number]>([
    ['a quarter of the equator (R pi / 2)', [0, 0, 0, 90], 10007.557221017962],
    ['from a pole to the equator (R pi / 2)', [90, 0, 0, 123], 10007.557221017962],
    ['pole to pole (R pi)', [90, 0, -90, 0], 20015.114442035924],
    ['antipodes on the equator (R pi)', [0, -45, 0, 135], 20015.114442035924],
    ['one degree of the equator (R pi / 180)', [0, 0, 0, 1], 111.19508023353291],
    ['one degree across the antimeridian (R pi / 180)', [0, 179.5, 0, -179.5], 111.19508023353291],
    ['30 degrees of a meridian (R pi / 6)', [10, 20, 40, 20], 3335.852407005987],
    ['Paris (48.8566, 2.3522) to London (51.5074, -0.1278)', [48.8566, 2.3522, 51.5074, -0.1278], 343.5565348808836],
    ['Sydney (-33.8688, 151.2093) to Santiago (-33.4489, -70.6693)', [-33.8688, 151.2093, -33.4489, -70.6693], 11346.730794085521],
    ['the same point', [30.2672, -97.7431, 30.2672, -97.7431], 0],
  ])('measures %s', (_name, pair, km) => {
    expect(Math.abs((distance(native, pair) as number) - km)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs((distance(javascript, pair) as number) - km)).toBeLessThanOrEqual(1e-9);
  });

  it('agrees with the JavaScript one to the last bits, except where near-antipodes magnify them', () => {
    const all = pairs();
    const differing: Array<{ kind: string; pair: Pair; js: number; c: number; ulps: number }> = [];
    for (const { kind, pair } of all) {
      const js = haversineKm({ lat: pair[0], lon: pair[1] }, { lat: pair[2], lon: pair[3] });
      const c = distance(native, pair) as number;
      expect(typeof c).toBe('number');
      if (c !== js) differing.push({ kind, pair, js, c, ulps: ulps(c, js) });
    }
    // V8's sin, cos and asin (fdlibm) and the C library's can differ in the last bit. Away from
    // the antipode that stays within a few units in the last place (on glibc 2.36: 218 of these
    // 3000 pairs differ, at most 4 ULPs below 19 000 km; at most 21 over 100 000 random pairs)...
    const wellConditioned = differing.filter(({ js }) => js < 19000);
    expect(wellConditioned.filter(({ ulps: gap, js, c }) => gap > 64 || Math.abs(c - js) > js * 1e-12)).toEqual([]);
    // ...near it, asin's slope near 1 turns one bit of `a` into up to 2 R sqrt(2 * 2^-53) = 0.19 m.
    expect(differing.filter(({ js, c }) => Math.abs(c - js) > 1e-3)).toEqual([]);
    expect(differing.filter(({ kind }) => kind === 'the same point')).toEqual([]);
    // Most agree bit for bit: the same formula in the same order, not merely a close one.
    expect(differing.length).toBeLessThan(all.length * 0.3);
  });

  it('answers NULL when any argument is NULL, as the JavaScript one does', () => {
    for (const db of [native, javascript]) {
      for (let i = 0; i < 4; i++) {
        const pair: Array<number | null> = [30.2672, -97.7431, 39.7392, -104.9903];
        pair[i] = null;
        expect(distance(db, pair)).toBeNull();
      }
      expect(distance(db, [null, null, null, null])).toBeNull();
    }
  });
});

describe('radius searches with the C distance', () => {
  let dir: string;
  const opened: SearchIndex[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'distance-function-'));
  });
  afterAll(async () => {
    await Promise.all(opened.map((index) => index.close()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('find the same businesses at the same distances as with the JavaScript one, across the antimeridian and near a pole', async () => {
    const file = join(dir, 'index.db');
    const withC = createSqliteSearchIndex({ file });
    const withJs = createSqliteSearchIndex({ file, rankExtension: false });
    opened.push(withC, withJs);
    // Around Taveuni, Fiji (on the antimeridian) and Longyearbyen, Svalbard (78 N).
    const places = [
      ...Array.from({ length: 40 }, (_, i) => ({ lat: -16.8 + (i % 8) * 0.05, lon: ((179.7 + Math.floor(i / 8) * 0.15 + 180) % 360) - 180 })),
      ...Array.from({ length: 40 }, (_, i) => ({ lat: 78 + (i % 8) * 0.2, lon: 15.6 + Math.floor(i / 8) * 2 })),
    ];
    await withC.apply(
      places.map((coordinates, i) => ({
        type: 'upsert' as const,
        document: searchDocument({ id: `biz_place_${i.toString().padStart(2, '0')}`, name: `place ${i}`, coordinates }),
      })),
    );
    const base = { environment: 'live', sort: 'distance', order: 'asc', limit: 50, offset: 0 } as const;
    const queries: SearchQuery[] = [
      { ...base, near: { lat: -16.7, lon: 179.99, radiusKm: 40 } },
      { ...base, near: { lat: -16.7, lon: -179.95, radiusKm: 25 } },
      { ...base, near: { lat: 79, lon: 20, radiusKm: 120 } },
      { ...base, near: { lat: 89.9, lon: 0, radiusKm: 1400 } },
    ];
    for (const query of queries) {
      const [c, js] = await Promise.all([withC.search(query), withJs.search(query)]);
      // Each circle holds some of the places and leaves out others, or equality would prove little.
      expect(c.total).toBeGreaterThan(3);
      expect(c.total).toBeLessThan(places.length);
      expect(c.total).toBe(js.total);
      expect(c.hits.map((hit) => hit.document.id)).toEqual(js.hits.map((hit) => hit.document.id));
      c.hits.forEach((hit, i) => expect(Math.abs(hit.distanceKm! - js.hits[i].distanceKm!)).toBeLessThanOrEqual(hit.distanceKm! * 1e-12));
    }
  });
});

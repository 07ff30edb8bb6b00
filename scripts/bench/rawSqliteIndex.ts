// Raw speed of the embedded search index, no HTTP: loads N synthetic businesses (default 100 000)
// into a fresh index file and reports p50/p95/p99 per query shape. The floor under
// `npm run bench:search`. Usage: npx tsx scripts/bench/rawSqliteIndex.ts [count] [file]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteSearchIndex } from '../../src/adapters/sqlite/search/sqliteSearchIndex';
import type { VerificationLevel } from '../../src/domain/profile';
import type { SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';

const CITIES: [string, string, number, number][] = [
  ['New York', 'NY', 40.7128, -74.006], ['Los Angeles', 'CA', 34.0522, -118.2437], ['Chicago', 'IL', 41.8781, -87.6298],
  ['Houston', 'TX', 29.7604, -95.3698], ['Phoenix', 'AZ', 33.4484, -112.074], ['Philadelphia', 'PA', 39.9526, -75.1652],
  ['San Antonio', 'TX', 29.4241, -98.4936], ['San Diego', 'CA', 32.7157, -117.1611], ['Dallas', 'TX', 32.7767, -96.797],
  ['Austin', 'TX', 30.2672, -97.7431], ['Jacksonville', 'FL', 30.3322, -81.6557], ['Columbus', 'OH', 39.9612, -82.9988],
  ['Charlotte', 'NC', 35.2271, -80.8431], ['Indianapolis', 'IN', 39.7684, -86.1581], ['San Francisco', 'CA', 37.7749, -122.4194],
  ['Seattle', 'WA', 47.6062, -122.3321], ['Denver', 'CO', 39.7392, -104.9903], ['Nashville', 'TN', 36.1627, -86.7816],
  ['Boston', 'MA', 42.3601, -71.0589], ['Portland', 'OR', 45.5152, -122.6784], ['Las Vegas', 'NV', 36.1699, -115.1398],
  ['Detroit', 'MI', 42.3314, -83.0458], ['Atlanta', 'GA', 33.749, -84.388], ['Miami', 'FL', 25.7617, -80.1918],
  ['Minneapolis', 'MN', 44.9778, -93.265], ['Fort Worth', 'TX', 32.7555, -97.3308], ['Oakland', 'CA', 37.8044, -122.2712],
  ['Baltimore', 'MD', 39.2904, -76.6122], ['Milwaukee', 'WI', 43.0389, -87.9065], ['Kansas City', 'MO', 39.0997, -94.5786],
];

const CATEGORIES: [string, string[]][] = [
  ['Restaurants', ['pizza', 'tacos', 'sushi', 'burgers', 'brunch', 'vegan bowls', 'bbq brisket', 'ramen', 'catering']],
  ['Cafes', ['espresso', 'pour-over coffee', 'pastries', 'cold brew', 'matcha latte']],
  ['Bakeries', ['sourdough bread', 'croissants', 'custom cakes', 'cupcakes', 'bagels']],
  ['Bars', ['craft beer', 'cocktails', 'wine tasting', 'happy hour', 'trivia night']],
  ['Plumbing', ['emergency pipe repair', 'drain cleaning', 'water heater installation', 'leak detection', 'sewer line']],
  ['Electricians', ['panel upgrade', 'ev charger installation', 'wiring repair', 'lighting design']],
  ['HVAC', ['ac repair', 'furnace tune-up', 'heat pump installation', 'duct cleaning']],
  ['Dental', ['teeth cleaning', 'whitening', 'emergency dental care', 'orthodontics', 'implants']],
  ['Medical', ['urgent care', 'flu shots', 'physical exams', 'telehealth']],
  ['Hair Salons', ['haircuts', 'balayage', 'color correction', 'beard trim', 'blowouts']],
  ['Nail Salons', ['manicure', 'pedicure', 'gel nails', 'nail art']],
  ['Spas', ['massage', 'facials', 'sauna', 'body scrub']],
  ['Fitness', ['yoga classes', 'pilates', 'personal training', 'spin classes', 'crossfit']],
  ['Auto Repair', ['oil change', 'brake repair', 'tire rotation', 'transmission service']],
  ['Pet Services', ['dog grooming', 'boarding', 'vet checkups', 'dog walking']],
];
const ADJECTIVES = ['Golden', 'Blue', 'Urban', 'Happy', 'Lone Star', 'Evergreen', 'Sunset', 'Northside', 'Main Street', 'Summit', 'Riverside', 'Copper', 'Maple', 'Liberty', 'Harbor'];
const NOUNS = ['Co', 'Studio', 'House', 'Works', 'Collective', 'Corner', 'Lab', 'Shop', 'Experts', 'Pros', 'Place', 'Hub'];
const LEVELS: VerificationLevel[] = ['none', 'none', 'basic', 'basic', 'verified', 'premium', 'certified'];

// mulberry32: small, seeded, and without the correlated consecutive draws of a plain LCG.
let seed = 42;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

function syntheticDocument(n: number): SearchDocument {
  const [city, state, lat, lon] = pick(CITIES);
  const [category, services] = pick(CATEGORIES);
  const chosen = services.filter(() => random() < 0.5);
  const name = `${pick(ADJECTIVES)} ${category.replace(/s$/, '')} ${pick(NOUNS)} ${n}`;
  return {
    id: `biz_${n.toString(36).padStart(8, '0')}`,
    environment: random() < 0.9 ? 'live' : 'test',
    name,
    category,
    description: `${name} offers ${services.join(', ')} in ${city}. Family owned, open late on weekends.`,
    tagline: `The best ${chosen[0] ?? services[0]} in ${city}`,
    servicesText: chosen.join('. '),
    exclusiveText: random() < 0.3 ? `Ask about our ${pick(services)} loyalty card.` : '',
    address: { street: `${Math.floor(random() * 9000) + 100} Main St`, city, state, postalCode: '00000', country: 'US' },
    // Spread around the city centre, up to ~30 km.
    coordinates: { lat: lat + (random() - 0.5) * 0.5, lon: lon + (random() - 0.5) * 0.5 },
    phone: '+15125550100',
    website: 'https://example.com',
    verificationLevel: pick(LEVELS),
    averageRating: Math.round((2.5 + random() * 2.5) * 10) / 10,
    reviewCount: Math.floor(random() * 800),
    completeness: Math.floor(40 + random() * 60),
    aiVisibilityScore: Math.floor(random() * 100),
    minPrice: random() < 0.8 ? Math.floor(random() * 150) : undefined,
    hours: { monday: { open: '09:00', close: '17:00' } },
    timeZone: 'America/Chicago',
    blackoutDates: [],
    updatedAt: new Date().toISOString(),
  };
}

const TEXTS = ['pizza', 'emergency plumber', 'dentist', 'coffee', 'haircut', 'sushi', 'vegan brunch', 'water heater repair', 'yoga', 'best tacos', 'ev charger', 'dog grooming', 'massage near downtown', 'cheap oil change'];
const CATEGORY_NAMES = CATEGORIES.map(([category]) => category);

const base = (fields: Partial<SearchQuery>): SearchQuery => ({ environment: 'live', sort: 'relevance', order: 'desc', limit: 10, offset: 0, ...fields });
const near = () => { const [, , lat, lon] = pick(CITIES); return { lat, lon, radiusKm: 50 }; };

const SHAPES: Record<string, () => SearchQuery> = {
  'consumer: text + near 50km, top 10': () => base({ text: pick(TEXTS), near: near() }),
  'consumer: text + near 50km, top 50': () => base({ text: pick(TEXTS), near: near(), limit: 50 }),
  'consumer: text + near + category': () => base({ text: pick(TEXTS), near: near(), categories: [pick(CATEGORY_NAMES)] }),
  'consumer: text only, top 10': () => base({ text: pick(TEXTS) }),
  'directory: no filter, aiVisibility desc': () => base({ sort: 'aiVisibilityScore', limit: 20 }),
  'directory: category, aiVisibility desc': () => base({ sort: 'aiVisibilityScore', limit: 20, categories: [pick(CATEGORY_NAMES)] }),
  'directory: city, rating desc': () => base({ sort: 'rating', limit: 20, city: pick(CITIES)[0] }),
  'directory: state + category, name asc': () => base({ sort: 'name', order: 'asc', limit: 20, state: pick(CITIES)[1], categories: [pick(CATEGORY_NAMES)] }),
  'directory: verified, offset 2000': () => base({ sort: 'aiVisibilityScore', limit: 20, offset: 2000, verificationLevels: ['verified', 'premium', 'certified'] }),
  'directory: text + city': () => base({ text: pick(TEXTS), city: pick(CITIES)[0], sort: 'aiVisibilityScore', limit: 20 }),
  'partner: text + category': () => base({ text: pick(TEXTS), categories: [pick(CATEGORY_NAMES)], limit: 20 }),
};

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(index: SearchIndex, make: () => SearchQuery, runs: number): Promise<{ p50: number; p95: number; p99: number; total: number }> {
  for (let i = 0; i < 20; i++) await index.search(make());
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < runs; i++) {
    const query = make();
    const started = process.hrtime.bigint();
    total += (await index.search(query)).total;
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), total: Math.round(total / runs) };
}

const batch = (from: number, count: number) =>
  Array.from({ length: Math.min(1000, count - from) }, (_, i) => ({ type: 'upsert' as const, document: syntheticDocument(from + i) }));

async function load(index: SearchIndex, count: number): Promise<void> {
  const started = Date.now();
  for (let n = 0; n < count; n += 1000) await index.apply(batch(n, count));
  const loadMs = Date.now() - started;
  console.log(`loaded ${count} documents with apply() in ${(loadMs / 1000).toFixed(1)} s (${Math.round(count / (loadMs / 1000))} docs/s)`);
  const rebuildStarted = Date.now();
  seed = 42;
  await index.rebuild(async (write) => {
    for (let n = 0; n < count; n += 1000) await write(batch(n, count));
  });
  console.log(`rebuild() of ${count} documents in ${((Date.now() - rebuildStarted) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 100_000);
  const dir = process.argv[3] ? null : mkdtempSync(join(tmpdir(), 'raw-index-'));
  const file = process.argv[3] ?? join(dir!, 'index.db');
  const index = createSqliteSearchIndex({ file });
  // A kept file that is already loaded (second argument) skips straight to the queries.
  if ((await index.count()) < count) await load(index, count);
  else console.log(`reusing ${file} (${await index.count()} documents)`);


  const runs = Number(process.env.RUNS ?? 500);
  const rows: Record<string, unknown>[] = [];
  for (const [name, make] of Object.entries(SHAPES)) {
    const result = await measure(index, make, runs);
    rows.push({ query: name, 'p50 ms': result.p50.toFixed(2), 'p95 ms': result.p95.toFixed(2), 'p99 ms': result.p99.toFixed(2), 'avg total': result.total });
  }
  console.table(rows);
  // Other processes share the two cores: the load average says how much the numbers are inflated.
  console.log(`${runs} queries per shape; load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  await index.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
}

void main();

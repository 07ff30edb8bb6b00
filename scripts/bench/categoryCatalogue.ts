// What the generator knows about each business category: how names, descriptions and
// taglines are phrased, which services with which prices it offers, how its week looks and
// how common it is. Category names are the canonical ones of src/domain/search/categorySynonyms.ts,
// so the benchmark's queries ("pizza", "plumber") hit real categories.
import { FOOD_AND_DRINK } from './foodAndDrinkCategories';
import { PERSONAL_CARE_AND_PROFESSIONAL } from './careCategories';
import { TRADES } from './tradeCategories';

export type PriceSpec =
  | readonly ['fixed', number, number]
  | readonly ['range', number, number]
  | readonly ['hourly', number, number];

export interface ServiceTemplate {
  name: string;
  description: string;
  price: PriceSpec;
  /** Minutes; omitted for things that are not appointments (a coffee). */
  duration?: number;
  bookable?: boolean;
  requiresQuote?: boolean;
}

/** Week shapes; the generator varies times and closed days around them. */
export type HoursPattern = 'restaurant' | 'bar' | 'cafe' | 'bakery' | 'retail' | 'office' | 'trade' | 'salon' | 'gym' | 'clinic';

export interface CategoryTemplate {
  category: string;
  /** Relative frequency among businesses. */
  weight: number;
  /** Name shapes; {kind} {adjective} {noun} {surname} {street} {neighborhood} {specialty} {city} are filled in. */
  namePatterns: string[];
  kinds: string[];
  /** Cuisines, specialisations: words consumers search for. */
  specialties: string[];
  /** Selling points mentioned in descriptions. */
  features: string[];
  descriptions: string[];
  taglines: string[];
  services: ServiceTemplate[];
  hours: HoursPattern;
  /** Share of businesses of this category open around the clock (emergency trades, some gyms). */
  allDayShare?: number;
}

export const CATEGORY_CATALOGUE: ReadonlyArray<CategoryTemplate> = [...FOOD_AND_DRINK, ...TRADES, ...PERSONAL_CARE_AND_PROFESSIONAL];

export const NAME_ADJECTIVES = [
  'Blue', 'Golden', 'Little', 'Red', 'Green', 'Silver', 'Lucky', 'Happy', 'Bright', 'Urban', 'Rustic', 'Copper',
  'Honest', 'Northern', 'Southern', 'Sunny', 'Wild', 'Quiet', 'Bold', 'Iron', 'Stone', 'Cedar', 'Maple', 'Olive',
];
export const NAME_NOUNS = [
  'Oak', 'Fox', 'Sparrow', 'Door', 'Lantern', 'Anchor', 'Bridge', 'Harbor', 'Table', 'Pine', 'River', 'Owl',
  'Bear', 'Hive', 'Compass', 'Kettle', 'Barrel', 'Porch', 'Meadow', 'Summit', 'Canyon', 'Fern', 'Wren', 'Lark',
];
export const SURNAMES = [
  'Smith', 'Johnson', 'Garcia', 'Martinez', 'Nguyen', 'Patel', 'Kim', 'Brown', 'Lee', 'Lopez', 'Wilson',
  'Anderson', 'Thomas', 'Rivera', 'Chen', 'Walker', 'Hernandez', 'Murphy', "O'Brien", 'Rossi', 'Okafor',
  'Kowalski', 'Schmidt', 'Tanaka', 'Haddad', 'Singh', 'Cohen', 'Baker', 'Reyes', 'Foster',
];
export const STAFF_NAMES = [
  'Maria', 'James', 'Aisha', 'Luis', 'Mei', 'Tom', 'Priya', 'Diego', 'Hannah', 'Kwame', 'Sofia', 'Ben',
  'Yuki', 'Omar', 'Grace', 'Marco', 'Lena', 'Andre', 'Rosa', 'Sam',
];

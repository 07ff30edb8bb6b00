// What the generator knows about each business category: how names, descriptions and
// taglines are phrased, which services with which prices it offers, how its week looks and
// how common it is. Category names are the canonical ones of src/domain/search/categorySynonyms.ts,
// so the benchmark's queries ("pizza", "plumber") hit real categories.
import { FOOD_AND_DRINK } from './foodAndDrinkCategories';
import { PERSONAL_CARE_AND_PROFESSIONAL } from './careCategories';
import { TRADES } from './tradeCategories';
import type { CategoryTemplate } from './categoryTemplate';

export type { CategoryTemplate, HoursPattern, PriceSpec, ServiceTemplate } from './categoryTemplate';



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

// Words people type -> the canonical business categories the index filters on.
// `names` are words for the category itself ("plumber") or what it is for ("breakfast");
// `services` are things the category offers ("leak", "pizza"): they also pick the category, and
// the parser keeps them as service terms for text matching. Either way a consumer sentence's
// category only widens and boosts its search (intent.ts); only a request's `category` filters. The Elasticsearch synonym list is generated from this
// table (categorySynonymRules) so the two can never drift.

export interface CategorySynonyms {
  category: string;
  names: string[];
  services: string[];
}

export const CATEGORY_SYNONYMS: ReadonlyArray<CategorySynonyms> = [
  {
    category: 'restaurants',
    names: ['restaurant', 'food', 'eat', 'eats', 'eatery', 'dining', 'dine', 'dinner', 'lunch', 'brunch',
      'breakfast', 'takeout', 'take out', 'diner', 'bistro'],
    services: ['pizza', 'pizzeria', 'sushi', 'burger', 'cheeseburger', 'taco', 'tacos', 'burrito', 'ramen', 'pho',
      'bbq', 'barbecue', 'steak', 'steakhouse', 'seafood', 'noodle', 'curry', 'thai', 'indian', 'italian',
      'mexican', 'chinese', 'japanese', 'vietnamese', 'korean', 'sandwich', 'wings', 'dumpling', 'pasta',
      'fried chicken', 'dim sum', 'brisket'],
  },
  {
    category: 'cafes',
    names: ['cafe', 'café', 'coffee shop', 'coffeehouse', 'coffee house', 'tea house', 'tea room'],
    services: ['coffee', 'espresso', 'latte', 'cappuccino', 'cold brew', 'matcha'],
  },
  {
    category: 'bars',
    names: ['bar', 'pub', 'brewery', 'taproom', 'tavern', 'wine bar', 'cocktail bar', 'nightlife'],
    services: ['cocktail', 'beer', 'craft beer', 'happy hour', 'wine'],
  },
  {
    category: 'bakeries',
    names: ['bakery', 'patisserie', 'bakeshop'],
    services: ['bread', 'pastry', 'cake', 'croissant', 'donut', 'doughnut', 'cupcake', 'sourdough', 'bagel'],
  },
  { category: 'grocery', names: ['grocery', 'groceries', 'supermarket', 'grocer'], services: ['produce'] },
  {
    category: 'plumbing',
    names: ['plumber', 'plumbing'],
    services: ['leak', 'leaking', 'drain', 'clogged', 'clog', 'pipe', 'water heater', 'toilet', 'sewer', 'faucet'],
  },
  {
    category: 'electricians',
    names: ['electrician', 'electrical'],
    services: ['wiring', 'outlet', 'panel upgrade', 'circuit breaker', 'ev charger'],
  },
  {
    category: 'hvac',
    names: ['hvac', 'heating', 'air conditioning', 'heating and cooling'],
    services: ['ac repair', 'furnace', 'heat pump', 'ac'],
  },
  {
    category: 'dental',
    names: ['dentist', 'dental', 'orthodontist'],
    services: ['teeth', 'tooth', 'teeth cleaning', 'braces', 'teeth whitening', 'root canal', 'toothache'],
  },
  {
    category: 'medical',
    names: ['doctor', 'clinic', 'physician', 'urgent care', 'medical', 'walk in clinic'],
    services: ['checkup', 'check up', 'vaccination', 'flu shot'],
  },
  {
    category: 'hair salons',
    names: ['hair salon', 'salon', 'barber', 'barbershop', 'barber shop', 'hairdresser', 'hairstylist', 'stylist'],
    services: ['haircut', 'hair cut', 'blowout', 'hair color', 'highlights', 'fade', 'beard trim', 'shave'],
  },
  {
    category: 'nail salons',
    names: ['nail salon', 'nail bar', 'nails'],
    services: ['manicure', 'pedicure', 'gel nails', 'acrylic nails'],
  },
  { category: 'spas', names: ['spa', 'day spa', 'wellness center'], services: ['massage', 'facial', 'sauna', 'body scrub'] },
  {
    category: 'fitness',
    names: ['gym', 'fitness', 'fitness center', 'health club', 'fitness studio'],
    services: ['yoga', 'pilates', 'crossfit', 'personal trainer', 'personal training', 'workout', 'spin class'],
  },
  {
    category: 'veterinary',
    names: ['vet', 'veterinarian', 'veterinary', 'animal hospital', 'pet clinic'],
    services: ['spay', 'neuter', 'pet vaccination'],
  },
  {
    category: 'pet services',
    names: ['groomer', 'pet grooming', 'dog grooming', 'dog walker', 'pet sitter', 'kennel', 'doggy daycare'],
    services: ['dog walking', 'pet boarding', 'dog boarding'],
  },
  {
    category: 'auto repair',
    names: ['mechanic', 'auto repair', 'car repair', 'auto shop', 'garage', 'body shop'],
    services: ['oil change', 'brakes', 'brake repair', 'tire', 'tyre', 'transmission', 'wheel alignment',
      'car battery', 'check engine light'],
  },
  { category: 'car wash', names: ['car wash'], services: ['detailing', 'auto detailing', 'car detailing'] },
  {
    category: 'cleaning',
    names: ['cleaner', 'cleaning', 'cleaning service', 'house cleaning', 'maid', 'janitorial'],
    services: ['deep clean', 'deep cleaning', 'carpet cleaning', 'move out cleaning', 'window cleaning'],
  },
  {
    category: 'landscaping',
    names: ['landscaper', 'landscaping', 'lawn care', 'gardener', 'tree service'],
    services: ['lawn mowing', 'mowing', 'tree trimming', 'sprinkler', 'yard work'],
  },
  {
    category: 'legal',
    names: ['lawyer', 'attorney', 'law firm', 'legal'],
    services: ['divorce', 'immigration', 'estate planning', 'personal injury'],
  },
  {
    category: 'accounting',
    names: ['accountant', 'cpa', 'bookkeeper', 'bookkeeping', 'accounting', 'tax preparer'],
    services: ['tax return', 'tax preparation', 'taxes', 'payroll'],
  },
  {
    category: 'real estate',
    names: ['realtor', 'real estate', 'real estate agent', 'estate agent', 'property management'],
    services: ['home buying', 'home selling', 'apartment rental'],
  },
  {
    category: 'hotels',
    names: ['hotel', 'motel', 'lodging', 'accommodation', 'bed and breakfast', 'hostel', 'inn'],
    services: ['hotel room'],
  },
  { category: 'pharmacy', names: ['pharmacy', 'pharmacies', 'drugstore', 'chemist'], services: ['prescription'] },
  { category: 'florists', names: ['florist', 'flower shop'], services: ['flowers', 'bouquet', 'wedding flowers'] },
  { category: 'moving', names: ['movers', 'moving company'], services: ['moving truck', 'packing'] },
  { category: 'childcare', names: ['daycare', 'childcare', 'child care', 'babysitter', 'nanny', 'preschool'], services: [] },
];

export const CANONICAL_CATEGORIES: ReadonlyArray<string> = CATEGORY_SYNONYMS.map((c) => c.category);

export type SynonymKind = 'category' | 'service';
export interface SynonymMatch {
  category: string;
  kind: SynonymKind;
}

const lookup = new Map<string, SynonymMatch>();
for (const { category, names, services } of CATEGORY_SYNONYMS) {
  lookup.set(category, { category, kind: 'category' });
  for (const n of names) lookup.set(n, { category, kind: 'category' });
  for (const s of services) if (!lookup.has(s)) lookup.set(s, { category, kind: 'service' });
}

/** Longest phrase in words (the parser's look-ahead). */
export const MAX_SYNONYM_WORDS = Math.max(...[...lookup.keys()].map((k) => k.split(' ').length));

/** The plain singular forms tried after the word itself: "tacos" is listed, "plumbers" -> "plumber". */
export function singulars(word: string): string[] {
  const out: string[] = [];
  if (word.endsWith('ies')) out.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) out.push(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) out.push(word.slice(0, -1));
  return out;
}

/** Looks up a word or phrase (any case, plurals allowed); hyphens count as spaces. */
export function matchSynonym(phrase: string): SynonymMatch | undefined {
  const key = phrase.toLowerCase().replace(/[-\s]+/g, ' ').trim();
  const direct = lookup.get(key);
  if (direct) return direct;
  for (const s of singulars(key)) {
    const hit = lookup.get(s);
    if (hit) return hit;
  }
  return undefined;
}

/**
 * A `category` filter's values: as given (categories are free text on profiles), plus, when it
 * is another word for a category ("dentist", "restaurant", "garage"), that category and every
 * other word for it, so category=dentist finds businesses filed as "dental" or "Dentist".
 * The category's own name stays one value: most listings ask for it, and the embedded index
 * answers a single category about twice as fast as a list. Dishes and services are not words
 * for a category: category=pizza stays literal and does not list every restaurant.
 */
export function categoryFilterValues(category: string): string[] {
  const match = matchSynonym(category);
  if (match?.kind !== 'category' || category.trim().toLowerCase() === match.category) return [category];
  const names = CATEGORY_SYNONYMS.find((entry) => entry.category === match.category)?.names ?? [];
  return [...new Set([category, match.category, ...names])];
}

/** "Pizza" -> "restaurants", "plumbers" -> "plumbing", "Hair Salons" -> "hair salons"; unknown -> undefined. */
export function canonicalCategory(word: string): string | undefined {
  return matchSynonym(word)?.category;
}

/**
 * Solr/Elasticsearch explicit-mapping rules, one per category:
 * "pizza, sushi, ... , restaurant => restaurants". Meant for a search-time synonym filter
 * on the analysed category field, so typing "pizza" also matches category "restaurants".
 */
export function categorySynonymRules(): string[] {
  return CATEGORY_SYNONYMS.map(({ category, names, services }) => {
    const words = [...new Set([...names, ...services].filter((w) => w !== category))];
    return `${words.join(', ')} => ${category}`;
  });
}

// Words people type -> the canonical business categories the index filters on.
// `names` are nouns for the kind of business itself ("plumber", "restaurant", "bakery"): a
// sentence that uses one NAMES the category, and consumer search filters to it (intent.ts
// `namedCategories`), as it does for a request's `category`. `purposes` are what people go there
// for: meals, occasions, activities ("breakfast", "food", "nightlife"); `services` are things the
// category offers ("leak", "pizza"). Both only INFER the category: it widens and boosts the
// search, never filters, since a bakery serves breakfast and a gas station sells coffee. Words that
// also name something else ("garage" door, sushi "bar", tanning "salon", dry "cleaner", "nails")
// are purposes, so they cannot filter a sentence's answer away. The Elasticsearch synonym list is generated from all three lists
// (categorySynonymRules) so the two can never drift.

export interface CategorySynonyms {
  category: string;
  names: string[];
  /** Meals, occasions, activities: infer the category (widen and boost), never filter. */
  purposes?: string[];
  services: string[];
}

export const CATEGORY_SYNONYMS: ReadonlyArray<CategorySynonyms> = [
  {
    category: 'restaurants',
    names: ['restaurant', 'eatery', 'diner', 'bistro'],
    purposes: ['food', 'eat', 'eats', 'dining', 'dine', 'dinner', 'lunch', 'brunch', 'breakfast', 'takeout', 'take out'],
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
    names: ['pub', 'brewery', 'taproom', 'tavern', 'wine bar', 'cocktail bar'],
    purposes: ['bar', 'nightlife'],
    services: ['cocktail', 'beer', 'craft beer', 'happy hour', 'wine'],
  },
  {
    category: 'bakeries',
    names: ['bakery', 'patisserie', 'bakeshop'],
    services: ['bread', 'pastry', 'cake', 'croissant', 'donut', 'doughnut', 'cupcake', 'sourdough', 'bagel'],
  },
  { category: 'grocery', names: ['grocery', 'supermarket', 'grocer'], purposes: ['groceries'], services: ['produce'] },
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
    names: ['hvac'],
    purposes: ['heating', 'air conditioning', 'heating and cooling'],
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
    names: ['hair salon', 'barber', 'barbershop', 'barber shop', 'hairdresser', 'hairstylist', 'stylist'],
    purposes: ['salon'],
    services: ['haircut', 'hair cut', 'blowout', 'hair color', 'highlights', 'fade', 'beard trim', 'shave'],
  },
  {
    category: 'nail salons',
    names: ['nail salon', 'nail bar'],
    purposes: ['nails'],
    services: ['manicure', 'pedicure', 'gel nails', 'acrylic nails'],
  },
  { category: 'spas', names: ['spa', 'day spa', 'wellness center'], services: ['massage', 'facial', 'sauna', 'body scrub'] },
  {
    category: 'fitness',
    names: ['gym', 'fitness center', 'health club', 'fitness studio'],
    purposes: ['fitness'],
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
    names: ['mechanic', 'auto repair', 'auto shop', 'body shop'],
    purposes: ['car repair', 'garage'],
    services: ['oil change', 'brakes', 'brake repair', 'tire', 'tyre', 'transmission', 'wheel alignment',
      'car battery', 'check engine light'],
  },
  { category: 'car wash', names: ['car wash'], services: ['detailing', 'auto detailing', 'car detailing'] },
  {
    category: 'cleaning',
    names: ['cleaning service', 'maid', 'janitorial'],
    purposes: ['cleaner', 'cleaning', 'house cleaning'],
    services: ['deep clean', 'deep cleaning', 'carpet cleaning', 'move out cleaning', 'window cleaning'],
  },
  {
    category: 'landscaping',
    names: ['landscaper', 'landscaping', 'gardener', 'tree service'],
    purposes: ['lawn care'],
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
    names: ['hotel', 'motel', 'bed and breakfast', 'hostel', 'inn'],
    purposes: ['lodging', 'accommodation'],
    services: ['hotel room'],
  },
  { category: 'pharmacy', names: ['pharmacy', 'pharmacies', 'drugstore', 'chemist'], services: ['prescription'] },
  { category: 'florists', names: ['florist', 'flower shop'], services: ['flowers', 'bouquet', 'wedding flowers'] },
  { category: 'moving', names: ['movers', 'moving company'], services: ['moving truck', 'packing'] },
  { category: 'childcare', names: ['daycare', 'childcare', 'child care', 'preschool'], purposes: ['babysitter', 'nanny'], services: [] },
];

export const CANONICAL_CATEGORIES: ReadonlyArray<string> = CATEGORY_SYNONYMS.map((c) => c.category);

/** `category`: a noun naming the kind (filters a sentence); `purpose` and `service` only infer it. */
export type SynonymKind = 'category' | 'purpose' | 'service';
export interface SynonymMatch {
  category: string;
  kind: SynonymKind;
}

/** Every word or phrase listed for a category: names, purposes and services. */
export function synonymPhrases(entry: CategorySynonyms): string[] {
  return [...entry.names, ...(entry.purposes ?? []), ...entry.services];
}

/** The words that stand for the category itself: its names and purposes (not its services). */
function kindPhrases(entry: CategorySynonyms): string[] {
  return [...entry.names, ...(entry.purposes ?? [])];
}

const lookup = new Map<string, SynonymMatch>();
for (const { category, names, purposes = [], services } of CATEGORY_SYNONYMS) {
  lookup.set(category, { category, kind: 'category' });
  for (const n of names) lookup.set(n, { category, kind: 'category' });
  for (const p of purposes) if (!lookup.has(p)) lookup.set(p, { category, kind: 'purpose' });
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
 * answers a single category about twice as fast as a list. Purposes count here (category=breakfast
 * lists restaurants: the caller sent it as a filter). Dishes and services are not words for a
 * category: category=pizza stays literal and does not list every restaurant.
 */
export function categoryFilterValues(category: string): string[] {
  const match = matchSynonym(category);
  if (match === undefined || match.kind === 'service' || category.trim().toLowerCase() === match.category) return [category];
  return [...new Set([category, ...kindValues(match.category)])];
}

/** A canonical category and every word that stands for it, as a profile's free-text category may say. */
function kindValues(category: string): string[] {
  const entry = CATEGORY_SYNONYMS.find((candidate) => candidate.category === category);
  return entry ? [category, ...kindPhrases(entry)] : [category];
}

/**
 * The category filter for categories a sentence named ("dentist near me" -> ["dental"]): each
 * category with every word for it, as categoryFilterValues gives for category=dentist; two named
 * categories ("bakery or cafe") filter to either.
 */
export function namedCategoryFilterValues(categories: readonly string[]): string[] {
  return [...new Set(categories.flatMap(kindValues))];
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
  return CATEGORY_SYNONYMS.map((entry) => {
    const { category } = entry;
    const words = [...new Set(synonymPhrases(entry).filter((w) => w !== category))];
    return `${words.join(', ')} => ${category}`;
  });
}

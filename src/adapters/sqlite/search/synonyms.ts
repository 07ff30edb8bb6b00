// Query-time category synonyms for the embedded index: a word a consumer types ("pizza",
// "dentist") also matches businesses whose category is the one it implies ("restaurants",
// "dental"). Elasticsearch gets the same idea from a synonym filter in mappings/; this list is
// meant to become the single shared source for both (see the report of the search-index work).

/** Category (as businesses name it) -> single words that imply it, lowercase and singular. */
export const CATEGORY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  restaurants: [
    'restaurant', 'pizza', 'pizzeria', 'burger', 'taco', 'sushi', 'ramen', 'bbq', 'barbecue', 'steakhouse', 'diner',
    'eatery', 'bistro', 'food', 'dinner', 'lunch', 'brunch', 'breakfast', 'takeout', 'vegan', 'vegetarian',
  ],
  cafes: ['cafe', 'coffee', 'espresso', 'latte', 'cappuccino', 'coffeehouse', 'tea'],
  bakeries: ['bakery', 'bread', 'pastry', 'croissant', 'cake', 'cupcake', 'donut', 'doughnut'],
  bars: ['bar', 'pub', 'brewery', 'cocktail', 'beer', 'wine', 'taproom'],
  plumbing: ['plumber', 'pipe', 'leak', 'drain', 'sewer', 'toilet', 'faucet', 'clog'],
  electricians: ['electrician', 'electrical', 'wiring', 'outlet', 'breaker'],
  dental: ['dentist', 'dentistry', 'teeth', 'tooth', 'orthodontist', 'braces', 'cavity'],
  'hair salons': ['hairdresser', 'haircut', 'hairstylist', 'stylist', 'barber', 'salon', 'blowout'],
  'auto repair': ['mechanic', 'garage', 'tire', 'brake', 'transmission', 'automotive', 'car'],
  fitness: ['gym', 'workout', 'trainer', 'yoga', 'pilates', 'crossfit'],
  'pet services': ['vet', 'veterinarian', 'groomer', 'grooming', 'dog', 'cat', 'kennel'],
  cleaning: ['cleaner', 'maid', 'housekeeping', 'janitorial'],
};

const categoriesByWord: ReadonlyMap<string, readonly string[]> = (() => {
  const index = new Map<string, string[]>();
  for (const [category, words] of Object.entries(CATEGORY_SYNONYMS)) {
    for (const word of words) index.set(word, [...(index.get(word) ?? []), category]);
  }
  return index;
})();

/**
 * Categories implied by one lowercase query word. Plurals are folded naively ("tacos", "dentists",
 * "pizzas", "bakeries") because the lookup happens before the engine's stemmer sees the word.
 */
export function categoriesImpliedBy(word: string): readonly string[] {
  for (const candidate of singularForms(word)) {
    const categories = categoriesByWord.get(candidate);
    if (categories) return categories;
  }
  return [];
}

function singularForms(word: string): string[] {
  const forms = [word];
  if (word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) forms.push(word.slice(0, -2));
  if (word.endsWith('s')) forms.push(word.slice(0, -1));
  return forms;
}

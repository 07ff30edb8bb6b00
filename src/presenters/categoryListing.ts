// The searchable kinds of the category taxonomy, each with the other names that reach
// it: what MCP's list_categories answers.
import type { Static } from 'typebox';
import { categoryTaxonomy } from '../domain/categories/taxonomy';
import type { categoryListSchema } from '../schemas/responses/assistant';

export type CategoryListing = Static<typeof categoryListSchema>;

export function listedKinds(): CategoryListing {
  const taxonomy = categoryTaxonomy();
  const alsoCalled = new Map<string, string[]>();
  for (const [phrase, keys] of taxonomy.names) for (const key of keys) alsoCalled.set(key, [...(alsoCalled.get(key) ?? []), phrase]);
  const categories = [...taxonomy.kinds.values()]
    .filter((kind) => kind.searchable)
    .map((kind) => ({ category: kind.name, key: kind.key, alsoCalled: (alsoCalled.get(kind.key) ?? []).filter((name) => name !== kind.name.toLowerCase()) }));
  return { taxonomyVersion: taxonomy.version, categories };
}

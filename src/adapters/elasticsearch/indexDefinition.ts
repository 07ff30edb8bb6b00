// The index settings and mappings every generation of the profiles index is created with:
// mappings/profiles.json, the single source (also usable by hand: `PUT /profiles_v1` with the file).
import type { estypes } from '@elastic/elasticsearch';
import definition from '../../../mappings/profiles.json';

export interface IndexDefinition {
  settings: estypes.IndicesIndexSettings;
  mappings: estypes.MappingTypeMapping;
}

// JSON imports are typed by their literal shape; the file is checked against a live engine by the
// integration tests, so the cast only tells the client what it already is.
export const PROFILES_INDEX = definition as unknown as IndexDefinition; // a JSON module's strings are not the client's literal unions

/**
 * What a generation being filled by a rebuild runs with: nobody searches it yet, so no periodic
 * refresh (each would write a small segment for merges to redo) and no replicas (each would index
 * every document again). auto_expand_replicas would override the replica count, so it is off too.
 */
export const BULK_LOAD_SETTINGS: estypes.IndicesIndexSettings = { refresh_interval: '-1', number_of_replicas: 0, auto_expand_replicas: 'false' };

/** The settings BULK_LOAD_SETTINGS changed, back to the definition's values (null: the engine's default). */
export function servingSettings(definition: IndexDefinition): estypes.IndicesIndexSettings {
  const index = definition.settings.index ?? {};
  return {
    refresh_interval: index.refresh_interval ?? null,
    number_of_replicas: index.number_of_replicas ?? null,
    auto_expand_replicas: index.auto_expand_replicas ?? null,
  } as estypes.IndicesIndexSettings;
}

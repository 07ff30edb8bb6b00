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
export const PROFILES_INDEX = definition as unknown as IndexDefinition;

// Which column mapping a file is in, told from its first row when the operator does not say, and
// the mapping itself for each schema.
import type { ImportSchema, MappedRow } from './importRecord';
import { fromFoursquarePlace } from './foursquarePlace';
import { fromOverturePlace, type OvertureOptions } from './overturePlace';
import { fromProfileRecord } from './profileRecord';
import { objectOf } from './sourceValues';

export type SourceMappingOptions = OvertureOptions;

/** The schema a row's columns belong to: Foursquare's fsq_ ids, Overture's names/categories/taxonomy, else our own. */
export function schemaOfRow(row: Record<string, unknown>): ImportSchema {
  if ('fsq_place_id' in row || 'fsq_id' in row) return 'foursquare';
  const properties = row.type === 'Feature' ? (objectOf(row.properties) ?? {}) : row;
  if ('names' in properties || 'taxonomy' in properties || ('categories' in properties && 'geometry' in row)) return 'overture';
  return 'profiles';
}

export function sourceMapping(schema: ImportSchema, options: SourceMappingOptions = {}): (row: Record<string, unknown>) => MappedRow {
  switch (schema) {
    case 'overture':
      return (row) => fromOverturePlace(row, options);
    case 'foursquare':
      return fromFoursquarePlace;
    case 'profiles':
      return fromProfileRecord;
  }
}

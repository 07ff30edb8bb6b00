// One row of an import file, read in our profile's terms but not yet checked: what the source
// mappings (overturePlace.ts, foursquarePlace.ts, profileRecord.ts) make of a row, and what the
// import service validates with the profile's own schemas before anything is stored.

/** The column mappings the importer knows: two open place data sets and our own profile shape. */
export const IMPORT_SCHEMAS = ['overture', 'foursquare', 'profiles'] as const;
export type ImportSchema = (typeof IMPORT_SCHEMAS)[number];

export interface ImportRecord {
  /** The row's id in its data set (Overture's GERS id, Foursquare's fsq_place_id, a file's own id): the import is idempotent by it. */
  sourceId: string;
  /** What a profile create takes (name, category, description, tagline, location, contact, services, hours), unchecked. */
  fields: Record<string, unknown>;
  /** What only an operator's own file may set (status, trust, exclusiveContent, media, blackoutDates), unchecked. */
  operatorFields?: Record<string, unknown>;
  /**
   * Why the row's place is not to be listed (permanently closed, below the confidence asked for):
   * nothing is written for it, and a profile an earlier import made of it is removed.
   */
  leftOut?: string;
}

/** A row that cannot be imported: the field at fault, in the file's own terms ("" for the row as a whole), and why. */
export interface RowProblem {
  field: string;
  issue: string;
}

export type MappedRow = { record: ImportRecord; problem?: undefined } | { record?: undefined; problem: RowProblem };

export function problem(field: string, issue: string): MappedRow {
  return { problem: { field, issue } };
}

/** What an open data set says of a place, in our terms: the record of a listed place. */
export interface PlaceFacts {
  name: string;
  category: string;
  address?: Record<string, unknown>;
  coordinates: { lat: number; lon: number };
  contact?: Record<string, unknown>;
}

export function placeRecord(sourceId: string, { name, category, address, coordinates, contact }: PlaceFacts): MappedRow {
  return { record: { sourceId, fields: { name, category, location: { ...(address && { address }), coordinates }, ...(contact && { contact }) } } };
}

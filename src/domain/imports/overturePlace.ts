// An Overture Maps place (schema reference: docs.overturemaps.org, theme "places", type "place")
// -> an import record. Read from GeoParquet (the release files: one column per property,
// `geometry` as WKB), from GeoJSON features (`overturemaps download -f geojsonseq`: properties
// nested under `properties`), or from CSV/NDJSON with the same column names.
//
//   id                                   -> the source id (GERS)
//   names.primary                        -> name
//   geometry (Point)                     -> location.coordinates
//   taxonomy, categories, basic_category  -> category (sourceCategory.ts)
//   addresses[0] freeform, locality, postcode, region ("US-TX"), country -> location.address
//   phones[0], websites[0], emails[0]    -> contact
//   operating_status permanently_closed, confidence below the minimum -> left out
import { chooseCategory } from '../categories/sourceCategory';
import { placeRecord, problem, type MappedRow } from './importRecord';
import { pointOf } from './pointGeometry';
import { compact, listOf, numberOf, objectOf, textOf, textsOf } from './sourceValues';

export interface OvertureOptions {
  /** Places whose confidence is below this are left out (Overture: 0 = surely gone, 1 = surely there). */
  minConfidence?: number;
}

/** A GeoJSON feature's properties beside its id and geometry, as the Parquet columns stand. */
function flattenFeature(row: Record<string, unknown>): Record<string, unknown> {
  const properties = row.type === 'Feature' ? objectOf(row.properties) : undefined;
  return properties ? { ...properties, id: row.id ?? properties.id, geometry: row.geometry } : row;
}

/** ISO 3166-2 "US-TX" is written "TX" in a US address; a region without the prefix stays as it is. */
function regionOf(region: string | undefined, country: string | undefined): string | undefined {
  if (region === undefined) return undefined;
  const match = /^([A-Z]{2})-(.+)$/i.exec(region);
  return match && (country === undefined || match[1].toUpperCase() === country) ? match[2] : region;
}

function addressOf(addresses: unknown): Record<string, unknown> | undefined {
  const first = listOf(addresses).map(objectOf).find((address) => address !== undefined);
  if (!first) return undefined;
  const country = textOf(first.country)?.toUpperCase();
  return compact({
    street: textOf(first.freeform),
    city: textOf(first.locality),
    state: regionOf(textOf(first.region), country),
    postalCode: textOf(first.postcode),
    country,
  });
}

function categoriesOf(place: Record<string, unknown>) {
  const taxonomy = objectOf(place.taxonomy);
  const categories = objectOf(place.categories);
  // The hierarchy runs from the most general to the primary; its first entry is a top level ("food_and_drink").
  const hierarchy = textsOf(taxonomy?.hierarchy);
  return chooseCategory({
    specific: [...textsOf(taxonomy?.primary), ...textsOf(categories?.primary), ...textsOf(taxonomy?.alternates), ...textsOf(categories?.alternate)],
    // The basic category sits in the middle of the hierarchy ("doctor" for an allergist): broader, not the place's own.
    broader: [...textsOf(place.basic_category), ...hierarchy.slice(1, -1).reverse()],
  });
}

function leftOutReason(place: Record<string, unknown>, options: OvertureOptions): string | undefined {
  if (textOf(place.operating_status) === 'permanently_closed') return 'permanently closed (operating_status)';
  const confidence = numberOf(place.confidence);
  if (options.minConfidence !== undefined && confidence !== undefined && confidence < options.minConfidence) {
    return `confidence ${confidence} is below the minimum ${options.minConfidence}`;
  }
  return undefined;
}

export function fromOverturePlace(row: Record<string, unknown>, options: OvertureOptions = {}): MappedRow {
  const place = flattenFeature(row);
  const sourceId = textOf(place.id);
  if (sourceId === undefined) return problem('id', 'is required (the place\'s Overture id)');
  const leftOut = leftOutReason(place, options);
  if (leftOut !== undefined) return { record: { sourceId, fields: {}, leftOut } };
  const name = textOf(objectOf(place.names)?.primary);
  if (name === undefined) return problem('names.primary', 'is required (the place\'s name)');
  const coordinates = pointOf(place.geometry);
  if (coordinates === undefined) return problem('geometry', 'is required: a point (WKB, GeoJSON or WKT)');
  const category = categoriesOf(place);
  if (category === undefined) return problem('categories.primary', 'is required (the place has no category)');
  const address = addressOf(place.addresses);
  const contact = compact({ phone: textsOf(place.phones)[0], website: textsOf(place.websites)[0], email: textsOf(place.emails)[0] });
  return placeRecord(sourceId, { name, category: category.label, address, coordinates, contact });
}

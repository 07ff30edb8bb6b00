// A Foursquare Open Source Places row (docs.foursquare.com, "Places OS Data Schemas") -> an import
// record. The same columns in Parquet, CSV or NDJSON:
//
//   fsq_place_id (fsq_id in older files)  -> the source id
//   name                                  -> name
//   latitude, longitude (or geom, WKB)    -> location.coordinates
//   fsq_category_labels ("A > B > C")     -> category (sourceCategory.ts)
//   address, locality, region, postcode, country -> location.address
//   tel, website, email                   -> contact
//   date_closed                           -> left out
import { chooseCategory } from '../categories/sourceCategory';
import { placeRecord, problem, type MappedRow } from './importRecord';
import { pointOf } from './pointGeometry';
import { compact, numberOf, textOf, textsOf } from './sourceValues';

/** "Dining and Drinking > Restaurant > Pizzeria" -> ["Dining and Drinking", "Restaurant", "Pizzeria"]. */
function levels(label: string): string[] {
  return label.split('>').map((level) => level.trim()).filter(Boolean);
}

function categoriesOf(row: Record<string, unknown>) {
  const paths = textsOf(row.fsq_category_labels).map(levels).filter((path) => path.length > 0);
  return chooseCategory({
    specific: paths.map((path) => path[path.length - 1]),
    // Each label's levels between its top (a whole sector) and its own category, nearest first.
    broader: paths.flatMap((path) => path.slice(1, -1).reverse()),
  });
}

function coordinatesOf(row: Record<string, unknown>) {
  const lat = numberOf(row.latitude);
  const lon = numberOf(row.longitude);
  return lat !== undefined && lon !== undefined ? { lat, lon } : pointOf(row.geom);
}

export function fromFoursquarePlace(row: Record<string, unknown>): MappedRow {
  const sourceId = textOf(row.fsq_place_id) ?? textOf(row.fsq_id);
  if (sourceId === undefined) return problem('fsq_place_id', 'is required (the place\'s Foursquare id)');
  const closed = textOf(row.date_closed);
  if (closed !== undefined) return { record: { sourceId, fields: {}, leftOut: `closed on ${closed} (date_closed)` } };
  const name = textOf(row.name);
  if (name === undefined) return problem('name', 'is required (the place\'s name)');
  const coordinates = coordinatesOf(row);
  if (coordinates === undefined) return problem('latitude', 'is required: latitude and longitude (or geom)');
  const category = categoriesOf(row);
  if (category === undefined) return problem('fsq_category_labels', 'is required (the place has no category)');
  const address = compact({
    street: textOf(row.address),
    city: textOf(row.locality),
    state: textOf(row.region),
    postalCode: textOf(row.postcode),
    country: textOf(row.country)?.toUpperCase(),
  });
  const contact = compact({ phone: textOf(row.tel), website: textOf(row.website), email: textOf(row.email) });
  return placeRecord(sourceId, { name, category: category.label, address, coordinates, contact });
}

// A row in our own profile shape -> an import record: what an operator moving listings from another
// system (or the search benchmark) writes. One business per row, with the create body's fields
// (name, category, description, tagline, location, contact, services, hours) plus `id` (the row's id
// in the operator's system, which makes the import idempotent) and what only an operator may set:
// status, trust (verificationLevel, averageRating, totalReviews), exclusiveContent, media, blackoutDates.
// In CSV, nested fields are dotted columns (location.coordinates.lat) and lists are JSON cells;
// the numbers a CSV cell holds as text are read as numbers here.
import { problem, type MappedRow } from './importRecord';
import { numberOf, objectOf, textOf } from './sourceValues';

const OPERATOR_FIELDS = new Set(['status', 'trust', 'exclusiveContent', 'media', 'blackoutDates']);

/** A number written as text (a CSV cell) becomes the number; anything else stays for the validator to judge. */
function numeric(value: unknown): unknown {
  return typeof value === 'string' ? (numberOf(value) ?? value) : value;
}

function withNumbers(fields: Record<string, unknown>, operator: Record<string, unknown>): void {
  const coordinates = objectOf(objectOf(fields.location)?.coordinates);
  if (coordinates) {
    fields.location = { ...objectOf(fields.location), coordinates: { ...coordinates, lat: numeric(coordinates.lat), lon: numeric(coordinates.lon) } };
  }
  const trust = objectOf(operator.trust);
  if (trust) operator.trust = { ...trust, averageRating: numeric(trust.averageRating), totalReviews: numeric(trust.totalReviews) };
}

export function fromProfileRecord(row: Record<string, unknown>): MappedRow {
  const sourceId = textOf(row.id);
  if (sourceId === undefined) return problem('id', 'is required (the business\'s id in your system, which makes a re-import update it)');
  const fields: Record<string, unknown> = {};
  const operatorFields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(row)) {
    if (name === 'id' || value === undefined) continue;
    if (OPERATOR_FIELDS.has(name)) operatorFields[name] = value;
    else fields[name] = value;
  }
  withNumbers(fields, operatorFields);
  return { record: { sourceId, fields, ...(Object.keys(operatorFields).length > 0 && { operatorFields }) } };
}

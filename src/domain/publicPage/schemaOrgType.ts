// The schema.org type of a business: the most specific LocalBusiness subtype its taxonomy kinds
// map to in schemaOrgTypes.json (data derived from the taxonomy and the schema.org vocabulary by
// scripts/publicPages/buildSchemaOrgTypes.ts), LocalBusiness when none does.
import mapping from './schemaOrgTypes.json';

const TYPES: Readonly<Record<string, string>> = (mapping as { types: Record<string, string> }).types;
const TYPES_WITH: Readonly<Partial<Record<string, readonly string[]>>> = (mapping as { typesWith: Record<string, string[]> }).typesWith;

/** The type of the first kind that has one (kinds come most specific first, as the profile stores them). */
export function schemaOrgTypeOf(categoryKeys: readonly string[] | undefined): string {
  for (const key of categoryKeys ?? []) {
    const type = TYPES[key];
    if (type) return type;
  }
  return 'LocalBusiness';
}

/** True when schema.org declares `property` for the type (typesWith in the data: acceptsReservations). */
export function typeHasProperty(type: string, property: 'acceptsReservations'): boolean {
  return TYPES_WITH[property]?.includes(type) ?? false;
}

// The taxonomy -> schema.org mapping is data derived by a script, never edited by hand: the file
// in the repository is what the script writes from the installed packages, and every type in it is
// a schema.org LocalBusiness.
import { readFileSync } from 'node:fs';
import { loadSchemaOrgVocabulary } from '../../../scripts/publicPages/schemaOrgVocabulary';
import { phrasesOfTypeName, SCHEMA_ORG_TYPES_FILE, schemaOrgTypesFile } from '../../../scripts/publicPages/buildSchemaOrgTypes';
import { schemaOrgTypeOf, typeHasProperty } from '../../../src/domain/publicPage/schemaOrgType';

describe('schemaOrgTypes.json', () => {
  it('is what scripts/publicPages/buildSchemaOrgTypes.ts derives today', async () => {
    expect(readFileSync(SCHEMA_ORG_TYPES_FILE, 'utf8')).toBe(await schemaOrgTypesFile());
  }, 60_000);

  it('names only schema.org LocalBusiness types', async () => {
    const vocabulary = await loadSchemaOrgVocabulary();
    const { types } = JSON.parse(readFileSync(SCHEMA_ORG_TYPES_FILE, 'utf8')) as { types: Record<string, string> };
    const strays = Object.entries(types).filter(([, type]) => !vocabulary.ancestorsOf(type).has('LocalBusiness'));
    expect(strays).toEqual([]);
  }, 60_000);
});

describe('schemaOrgTypeOf', () => {
  it('reads a schema.org type name as the words it is made of', () => {
    expect(phrasesOfTypeName('CafeOrCoffeeShop')).toEqual(['cafe or coffee shop', 'cafe', 'coffee shop']);
    expect(phrasesOfTypeName('HVACBusiness')).toEqual(['hvac business']);
  });

  it('takes the first kind with a type, the broader kind when the kind has none, LocalBusiness otherwise', () => {
    expect(schemaOrgTypeOf(['amenity/dentist'])).toBe('Dentist');
    expect(schemaOrgTypeOf(['amenity/restaurant/pizza'])).toBe('Restaurant');
    expect(schemaOrgTypeOf(['shop/hairdresser'])).toBe('HairSalon');
    expect(schemaOrgTypeOf(['amenity/cafe'])).toBe('CafeOrCoffeeShop');
    expect(schemaOrgTypeOf(['shop/bakery', 'amenity/cafe'])).toBe('Bakery');
    expect(schemaOrgTypeOf([])).toBe('LocalBusiness');
    expect(schemaOrgTypeOf(undefined)).toBe('LocalBusiness');
  });

  it('says acceptsReservations belongs to food establishments only', () => {
    expect(typeHasProperty('Restaurant', 'acceptsReservations')).toBe(true);
    expect(typeHasProperty('Dentist', 'acceptsReservations')).toBe(false);
  });
});

import { categoryWords, chooseCategory } from '../../../src/domain/categories/sourceCategory';
import { categoryKeysOf } from '../../../src/domain/categories/canonicalCategory';

describe('an open data set\'s categories -> the profile\'s category label', () => {
  it('writes Overture\'s snake_case codes as words and keeps labels already in words', () => {
    expect(categoryWords('pizza_restaurant')).toBe('Pizza Restaurant');
    expect(categoryWords('Pizzeria')).toBe('Pizzeria');
    expect(categoryWords('Beer, Wine and Spirits Store')).toBe('Beer, Wine and Spirits Store');
  });

  it('takes the most specific category the taxonomy knows, as the source wrote it', () => {
    expect(chooseCategory({ specific: ['coffee_shop', 'bakery'], broader: ['beverage_shop'] })).toEqual({ label: 'Coffee Shop', mapped: true });
    expect(chooseCategory({ specific: ['Pizzeria'], broader: ['Restaurant'] })).toEqual({ label: 'Pizzeria', mapped: true });
    // A primary the taxonomy does not know yields to a known alternate.
    expect(chooseCategory({ specific: ['acai_bowls', 'cafe'], broader: [] })).toEqual({ label: 'Cafe', mapped: true });
  });

  it('adds a broader category of the source\'s own hierarchy when no specific one is known, keeping the specific words', () => {
    const chosen = chooseCategory({ specific: ['allergist'], broader: ['doctor', 'health_care'] });
    expect(chosen).toEqual({ label: 'Allergist, Doctor', mapped: true });
    expect(categoryKeysOf(chosen?.label ?? '')).toEqual(['amenity/doctors']);
  });

  it('never takes a broader category the taxonomy only finds a word of (a venue is not the kind its last word names)', () => {
    expect(chooseCategory({ specific: ['archery_range'], broader: ['sports_and_recreation_venue'] })).toEqual({ label: 'Archery Range', mapped: false });
  });

  it('keeps a category nobody maps as the label, unmapped, and says when there is none at all', () => {
    expect(chooseCategory({ specific: ['bridge'], broader: [] })).toEqual({ label: 'Bridge', mapped: false });
    expect(chooseCategory({ specific: [], broader: [] })).toBeUndefined();
  });

  it('uses the broader category alone when the label would pass the category\'s 100 characters', () => {
    const long = 'a_very_specific_and_unusual_kind_of_allergist_practice_that_no_taxonomy_has_a_name_for_at_all_here';
    expect(chooseCategory({ specific: [long], broader: ['doctor'] })).toEqual({ label: 'Doctor', mapped: true });
  });
});

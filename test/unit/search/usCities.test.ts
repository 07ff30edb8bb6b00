import { US_CITIES, findUsCity } from '../../../src/domain/search/usCities';
import { stateAbbreviation, US_STATES } from '../../../src/domain/search/usStates';

describe('US cities and states', () => {
  it('lists about a hundred major cities with a valid state and a centre inside the US', () => {
    expect(US_CITIES.length).toBeGreaterThanOrEqual(100);
    for (const city of US_CITIES) {
      expect(stateAbbreviation(city.state)).toBe(city.state);
      expect(city.centre.lat).toBeGreaterThan(18);
      expect(city.centre.lat).toBeLessThan(72);
      expect(city.centre.lon).toBeGreaterThan(-170);
      expect(city.centre.lon).toBeLessThan(-65);
    }
  });

  it('finds a city by name or alias in any case, optionally within a state', () => {
    expect(findUsCity('denver')?.centre).toEqual({ lat: 39.7392, lon: -104.9903 });
    expect(findUsCity('NYC')?.name).toBe('New York');
    expect(findUsCity('saint louis')?.name).toBe('St. Louis');
    expect(findUsCity('Winston Salem')?.name).toBe('Winston-Salem');
    expect(findUsCity('Portland', 'OR')?.state).toBe('OR');
    expect(findUsCity('Portland', 'ME')).toBeUndefined();
    expect(findUsCity('Atlantis')).toBeUndefined();
  });

  it('knows the 50 states and DC by name and abbreviation', () => {
    expect(US_STATES).toHaveLength(51);
    expect(stateAbbreviation('Texas')).toBe('TX');
    expect(stateAbbreviation('tx')).toBe('TX');
    expect(stateAbbreviation('New Hampshire')).toBe('NH');
    expect(stateAbbreviation('D.C.')).toBe('DC');
    expect(stateAbbreviation('Narnia')).toBeUndefined();
  });
});

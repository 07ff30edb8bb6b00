// Which businesses a benchmark compares with: taxonomy kinds, narrowest first (services/analytics/benchmarks.ts).
import { peerKinds } from '../../../src/services/analytics/benchmarks';

describe('peerKinds', () => {
  it("compares with the business's own kind, then each broader kind", () => {
    expect(peerKinds(undefined, { category: 'Ramen', categoryKeys: ['amenity/restaurant/ramen'] })).toEqual([
      { filter: { categoryKeys: ['amenity/restaurant/ramen'] }, category: 'Ramen Restaurant', categoryKeys: ['amenity/restaurant/ramen'] },
      { filter: { categoryKeys: ['amenity/restaurant'] }, category: 'Restaurant', categoryKeys: ['amenity/restaurant'] },
    ]);
    expect(peerKinds(undefined, { category: 'Dentists', categoryKeys: ['amenity/dentist'] })).toEqual([
      { filter: { categoryKeys: ['amenity/dentist'] }, category: 'Dentist', categoryKeys: ['amenity/dentist'] },
    ]);
  });

  it('compares by the kinds its own words describe when its label names none, else by the label as written', () => {
    const fixesPipes = { category: 'home-services', categoryKeys: [], description: 'Leak repair, burst pipes and water heater installs; small jobs too.' };
    expect(peerKinds(undefined, fixesPipes)).toEqual([{ filter: { categoryKeys: ['craft/plumber'] }, category: 'Plumber', categoryKeys: ['craft/plumber'] }]);
    expect(peerKinds(undefined, { category: 'home-services', categoryKeys: [], description: 'Deck repair and fence fixes.' })).toEqual([
      { filter: { categories: ['home-services'] }, category: 'home-services', categoryKeys: [] },
    ]);
  });

  it('takes the category asked for in the words a directory takes', () => {
    expect(peerKinds('dentists', { category: 'Ramen', categoryKeys: ['amenity/restaurant/ramen'] })).toEqual([
      { filter: { categoryKeys: ['amenity/dentist'] }, category: 'dentists', categoryKeys: ['amenity/dentist'] },
    ]);
    expect(peerKinds('quilting', { category: 'Ramen' })).toEqual([{ filter: { categories: ['quilting'] }, category: 'quilting', categoryKeys: [] }]);
  });
});

import { stateKeywords } from '../../../src/ports/searchIndex';

describe('stateKeywords', () => {
  it('adds the name or the abbreviation of a US state, normalised', () => {
    expect(stateKeywords('Texas')).toEqual(['texas', 'tx']);
    expect(stateKeywords(' TX ')).toEqual(['tx', 'texas']);
    expect(stateKeywords('new york')).toEqual(['new york', 'ny']);
    expect(stateKeywords('D.C.')).toEqual(['d.c.', 'district of columbia', 'dc']);
  });

  it('leaves any other region as written', () => {
    expect(stateKeywords('Ontario')).toEqual(['ontario']);
    expect(stateKeywords('ON')).toEqual(['on']);
  });
});

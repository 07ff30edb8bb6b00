import { dedupeKeys, normalizeBusinessName } from '../../src/domain/dedupeKeys';
import type { CountryCode } from '../../src/domain/countries';
import type { BusinessProfile } from '../../src/domain/profile';

type Identity = Pick<BusinessProfile, 'name' | 'location' | 'contact'>;

// Lower-case spellings ('us') too: dedupeKeys upper-cases whatever country it is handed.
function identity(name: string, postalCode?: string, country?: string, phone?: string): Identity {
  return { name, location: { address: { postalCode, country: country as CountryCode | undefined } }, contact: phone ? { phone } : {} };
}

describe('normalizeBusinessName', () => {
  it('lower-cases, folds accents and collapses whitespace', () => {
    expect(normalizeBusinessName('  Café   Müller  ')).toBe('cafe muller');
  });

  it('removes punctuation and legal suffixes', () => {
    expect(normalizeBusinessName("Joe's Pizza, LLC")).toBe('joes pizza');
    expect(normalizeBusinessName('Joes Pizza L.L.C.')).toBe('joes pizza');
    expect(normalizeBusinessName('Acme Co., Inc.')).toBe('acme');
    expect(normalizeBusinessName('Bäckerei Schmidt GmbH')).toBe('backerei schmidt');
  });

  it('removes a leading "the" but not one inside the name', () => {
    expect(normalizeBusinessName('The Coffee House')).toBe('coffee house');
    expect(normalizeBusinessName('Under the Bridge')).toBe('under the bridge');
  });

  it('treats & as "and"', () => {
    expect(normalizeBusinessName('Smith & Sons')).toBe(normalizeBusinessName('Smith and Sons'));
  });

  it('keeps a name made only of stop words rather than returning nothing', () => {
    expect(normalizeBusinessName('The Co')).toBe('the');
    expect(normalizeBusinessName('Inc')).toBe('inc');
  });

  it('keeps non-Latin letters', () => {
    expect(normalizeBusinessName('寿司 Tokyo')).toBe('寿司 tokyo');
  });
});

describe('dedupeKeys', () => {
  it('builds a name+postal+country key and a phone key', () => {
    expect(dedupeKeys(identity("The Joe's Pizza, Inc.", '78701', 'us', '(512) 555-0100'))).toEqual([
      'np:joes pizza|78701|US',
      'ph:+15125550100',
    ]);
  });

  it('gives the same keys for two spellings of one business', () => {
    const a = dedupeKeys(identity('Café Olé LLC', 'sw1a 1aa', 'GB', '+44 20 7946 0958'));
    const b = dedupeKeys(identity('the cafe ole', 'SW1A1AA', 'gb', '020 7946 0958'));
    expect(a).toEqual(b);
    expect(a[0]).toBe('np:cafe ole|SW1A1AA|GB');
  });

  it('omits the name key without a postal code or country', () => {
    expect(dedupeKeys(identity('Joe', undefined, 'US'))).toEqual([]);
    expect(dedupeKeys(identity('Joe', '78701', undefined))).toEqual([]);
    expect(dedupeKeys({ name: 'Joe', location: {}, contact: {} })).toEqual([]);
  });

  it('omits the phone key when the phone is not plausible', () => {
    expect(dedupeKeys(identity('Joe', '78701', 'US', '123'))).toEqual(['np:joe|78701|US']);
  });

  it('reads a national phone with the address country', () => {
    expect(dedupeKeys(identity('Laden', '10115', 'DE', '030 1234567'))).toContain('ph:+49301234567');
  });

  it('different postal codes give different keys', () => {
    expect(dedupeKeys(identity('Joe', '78701', 'US'))).not.toEqual(dedupeKeys(identity('Joe', '78702', 'US')));
  });
});

describe('postal codes in the name key', () => {
  it('treats a US ZIP+4 as its five-digit ZIP', () => {
    expect(dedupeKeys(identity('Green Leaf Kitchen', '78704-1234', 'US'))).toEqual(dedupeKeys(identity('Green Leaf Kitchen', '78704', 'us')));
    expect(dedupeKeys(identity('Green Leaf Kitchen', ' 78704-1234 ', 'PR'))).toEqual(['np:green leaf kitchen|78704|PR']);
  });

  it('keeps the full code elsewhere, where the part after a hyphen is not a ZIP+4 suffix', () => {
    expect(dedupeKeys(identity('Loja', '12345-6789', 'BR'))).toEqual(['np:loja|12345-6789|BR']);
  });
});

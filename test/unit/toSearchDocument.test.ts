import { actionsFor } from '../../indexer/indexer';
import { isSearchable, toIndexAction, toIndexActionOrSkip, toSearchDocument, type SkippedDocument } from '../../indexer/toSearchDocument';
import { aProfile } from '../fixtures/profiles';

const published = aProfile({
  status: 'published',
  services: [
    { id: 'svc_a', name: 'Sourdough loaf', category: 'bread', pricing: { type: 'fixed', currency: 'GBP', amount: 4.5 }, bookable: false, requiresQuote: false, createdAt: 'x', updatedAt: 'x' },
    { id: 'svc_b', name: 'Cake order', description: 'Celebration cakes', pricing: { type: 'range', currency: 'GBP', minAmount: 30, maxAmount: 90 }, bookable: true, requiresQuote: true, createdAt: 'x', updatedAt: 'x' },
  ],
  exclusiveContent: { insiderTips: 'Cinnamon buns at 8am', localSecrets: 'Side door on Mill Lane' },
});

it('maps a published profile to a search document with derived fields', () => {
  const doc = toSearchDocument(published);
  expect(doc).toMatchObject({
    id: published.id,
    environment: 'live',
    name: 'Corner Bakery',
    address: { city: 'Bristol', country: 'GB', state: '' },
    coordinates: { lat: 51.4545, lon: -2.5879 },
    timeZone: 'Europe/London',
    minPrice: 4.5,
    minPriceCurrency: 'GBP',
    verificationLevel: 'none',
  });
  expect(doc.servicesText).toContain('Sourdough loaf bread');
  expect(doc.servicesText).toContain('Celebration cakes');
  expect(doc.exclusiveText).toBe('Cinnamon buns at 8am\nSide door on Mill Lane');
  expect(doc.completeness).toBeGreaterThan(0);
});

it('trims the values filters compare, so a stored " Austin " is found by city=Austin on either index', () => {
  const spaced = aProfile({ status: 'published', category: ' Bakeries  ', location: { ...published.location, address: { ...published.location!.address, city: '  Bristol ', state: ' Avon ' } } });
  expect(toSearchDocument(spaced)).toMatchObject({ category: 'Bakeries', address: { city: 'Bristol', state: 'Avon' } });
});

it('leaves out the lowest price when no service has a price', () => {
  const doc = toSearchDocument({ ...published, services: [{ ...published.services[0], pricing: undefined }] });
  expect(doc).not.toHaveProperty('minPrice');
  expect(doc).not.toHaveProperty('minPriceCurrency');
});

it('only published, non-deleted profiles are searchable; anything else becomes a delete', () => {
  expect(isSearchable(published)).toBe(true);
  expect(toIndexAction(aProfile({ status: 'draft' }))).toMatchObject({ type: 'delete' });
  expect(toIndexAction({ ...published, deletedAt: '2026-01-01T00:00:00.000Z' })).toEqual({ type: 'delete', environment: 'live', id: published.id });
});

it('removes the profiles of a suspended account from the index and restores them when the flag goes', () => {
  const suspended = { ...published, ownerSuspended: true as const, version: 2 };
  expect(isSearchable(suspended)).toBe(false);
  expect(toIndexAction(suspended)).toEqual({ type: 'delete', environment: 'live', id: published.id });
  const { ownerSuspended: _lifted, ...restored } = { ...suspended, version: 3 };
  expect(toIndexAction(restored)).toEqual({ type: 'upsert', document: expect.objectContaining({ id: published.id, name: 'Corner Bakery' }) });
  // A draft stays out of the index whatever the account's standing.
  expect(toIndexAction({ ...restored, status: 'draft' })).toMatchObject({ type: 'delete' });
});

it('collapses several changes of one profile in a batch into the last one', () => {
  const first = { ...published, version: 1 };
  const second = { ...published, status: 'draft' as const, version: 2 };
  const other = aProfile({ status: 'published' });
  const actions = actionsFor([
    { position: '1', profileId: first.id, environment: 'live', profile: first, at: 'x' },
    { position: '2', profileId: other.id, environment: 'live', profile: other, at: 'x' },
    { position: '3', profileId: second.id, environment: 'live', profile: second, at: 'x' },
  ]);
  expect(actions).toEqual([
    { type: 'delete', environment: 'live', id: published.id },
    { type: 'upsert', document: expect.objectContaining({ id: other.id }) },
  ]);
});

it('maps a profile stored without a location (written before location: null became {}) with an empty address', () => {
  const doc = toSearchDocument({ ...published, location: undefined as never });
  expect(doc.address).toEqual({ street: '', city: '', state: '', postalCode: '', country: '' });
  expect(doc).not.toHaveProperty('coordinates');
  expect(doc).not.toHaveProperty('timeZone');
});

it('turns a profile the mapper throws on into a delete and reports it instead of throwing', () => {
  const skipped: SkippedDocument[] = [];
  const poison = { ...published, trust: undefined as never };
  expect(() => toIndexAction(poison)).toThrow();
  expect(toIndexActionOrSkip(poison, (s) => skipped.push(s))).toEqual({ type: 'delete', environment: 'live', id: published.id });
  expect(skipped).toEqual([{ id: published.id, environment: 'live', error: expect.stringContaining('verificationLevel') }]);
  const other = aProfile({ status: 'published' });
  expect(actionsFor([{ position: '1', profileId: other.id, environment: 'live', profile: other, at: 'x' }], (s) => skipped.push(s))).toEqual([
    { type: 'upsert', document: expect.objectContaining({ id: other.id }) },
  ]);
  expect(skipped).toHaveLength(1);
});

describe('freshness signals', () => {
  it('does not index a permanently closed business: its upsert becomes a delete', () => {
    const closed = { ...published, operatingStatus: { status: 'permanently_closed' as const } };
    expect(isSearchable(closed)).toBe(false);
    expect(toIndexAction(closed)).toEqual({ type: 'delete', id: closed.id, environment: 'live' });
  });

  it('indexes a temporarily closed business without hours, marked with its reopening day', () => {
    const closed = { ...published, operatingStatus: { status: 'temporarily_closed' as const, reopensOn: '2026-12-15' }, lastVerifiedAt: '2026-11-01T10:00:00.000Z', lastVerifiedBy: 'owner' as const };
    expect(isSearchable(closed)).toBe(true);
    expect(toSearchDocument(closed)).toMatchObject({ hours: {}, operatingStatus: 'temporarily_closed', reopensOn: '2026-12-15', lastVerifiedAt: '2026-11-01T10:00:00.000Z' });
  });

  it('marks nothing on an open business, and keeps its hours', () => {
    const doc = toSearchDocument({ ...published, operatingStatus: { status: 'open' } });
    expect(doc.hours).toEqual(published.hours);
    expect(doc).not.toHaveProperty('operatingStatus');
    expect(doc).not.toHaveProperty('reopensOn');
  });
});

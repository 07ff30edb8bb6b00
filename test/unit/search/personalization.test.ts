import { personalizationScore, type SessionProfile } from '../../../src/domain/search/personalization';
import { searchDocument } from '../../fixtures/searchDocument';

const vegan = searchDocument({ id: 'biz_vegan', name: 'Green Leaf', category: 'restaurants', description: 'Vegan bowls' });
const steak = searchDocument({ id: 'biz_steak', name: 'Prime Cut', category: 'restaurants', description: 'Steaks' });
const salon = searchDocument({ id: 'biz_salon', name: 'Snip', category: 'hair salons', description: 'Haircuts' });

function session(partial: Partial<SessionProfile>): SessionProfile {
  return { categories: {}, terms: {}, viewed: [], ...partial };
}

describe('personalizationScore', () => {
  it('is 0 without a session or for an empty one', () => {
    expect(personalizationScore(vegan, undefined)).toBe(0);
    expect(personalizationScore(vegan, session({}))).toBe(0);
  });

  it('is 1 for a document in the favourite category that mentions every remembered term', () => {
    expect(personalizationScore(vegan, session({ categories: { restaurants: 2 }, terms: { vegan: 3 } }))).toBe(1);
  });

  it('weighs remembered terms more than categories', () => {
    const s = session({ categories: { restaurants: 2 }, terms: { vegan: 3 } });
    expect(personalizationScore(steak, s)).toBeCloseTo(0.4, 3);
    expect(personalizationScore(salon, s)).toBe(0);
  });

  it('counts the categories of viewed businesses as interest', () => {
    const s = session({ viewed: [{ businessId: 'biz_x', category: 'Hair Salons' }] });
    expect(personalizationScore(salon, s)).toBe(1);
    expect(personalizationScore(steak, s)).toBe(0);
  });

  it('scores a category relative to the most searched one', () => {
    const s = session({ categories: { restaurants: 4, 'hair salons': 1 } });
    expect(personalizationScore(steak, s)).toBe(1);
    expect(personalizationScore(salon, s)).toBe(0.25);
  });

  it('matches remembered terms case-insensitively and across plurals', () => {
    expect(personalizationScore(salon, session({ terms: { Haircut: 1 } }))).toBe(1);
  });
});

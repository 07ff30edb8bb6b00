import { aiVisibilityScore, freshnessFactor, reviewFactor, verificationFactor } from '../../src/domain/aiVisibilityScore';
import type { BusinessProfile } from '../../src/domain/profile';

const NOW = new Date('2024-06-01T12:00:00.000Z');

function profile(overrides: Partial<BusinessProfile> = {}): BusinessProfile {
  const at = NOW.toISOString();
  return {
    id: 'biz_1', environment: 'live', ownerId: 'acct_1', name: 'Elm Street Bakery', category: 'bakeries',
    description: 'Sourdough, rye and pastries baked in a wood oven every morning on Elm Street since 2011.',
    tagline: 'Bread worth the early alarm',
    location: { address: { street: '12 Elm St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, coordinates: { lat: 30.27, lon: -97.74 } },
    contact: { phone: '+15125550100', website: 'https://elmbakery.example' },
    services: [{ id: 'svc_1', name: 'Sourdough loaf', bookable: false, requiresQuote: false, createdAt: at, updatedAt: at }],
    hours: { monday: { open: '07:00', close: '15:00' } }, blackoutDates: [],
    media: { logo: 'https://cdn.example/logo.png', photos: ['https://cdn.example/p1.jpg'], videos: [] },
    trust: { verificationLevel: 'none', averageRating: 0, totalReviews: 0 },
    exclusiveContent: {
      insiderTips: 'Ask Rosa for the rye ends at 2pm on Fridays; they are half price and go fast.',
      localSecrets: 'The bench behind the shop faces Shoal Creek and gets morning sun until 10am.',
    },
    aiVisibilityScore: 0, status: 'published', dedupeKeys: [], version: 1, createdAt: at, updatedAt: at,
    ...overrides,
  };
}

describe('verificationFactor', () => {
  it('ranks levels from none to certified', () => {
    expect(['none', 'basic', 'verified', 'premium', 'certified'].map((l) => verificationFactor(l as never))).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
});

describe('reviewFactor', () => {
  it('is 0 without reviews', () => {
    expect(reviewFactor(5, 0)).toBe(0);
  });

  it('trusts many good reviews over a couple of perfect ones', () => {
    expect(reviewFactor(4.7, 200)).toBeGreaterThan(reviewFactor(5, 2));
  });

  it('grows with rating at equal counts and with count at equal ratings', () => {
    expect(reviewFactor(4.5, 50)).toBeGreaterThan(reviewFactor(3.5, 50));
    expect(reviewFactor(4.5, 100)).toBeGreaterThan(reviewFactor(4.5, 10));
  });

  it('stays within 0..1 for odd inputs', () => {
    for (const [r, n] of [[9, 1e9], [-3, 5], [NaN, 10], [4, -5], [4, NaN]]) {
      const f = reviewFactor(r, n);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThanOrEqual(1);
    }
  });
});

describe('freshnessFactor', () => {
  it('is 1 for a profile updated now or in the future, and halves every 90 days', () => {
    expect(freshnessFactor(NOW.toISOString(), NOW)).toBe(1);
    expect(freshnessFactor('2030-01-01T00:00:00Z', NOW)).toBe(1);
    const ninetyDaysAgo = new Date(NOW.getTime() - 90 * 86_400_000).toISOString();
    expect(freshnessFactor(ninetyDaysAgo, NOW)).toBeCloseTo(0.5, 10);
  });

  it('is 0 for an unreadable date', () => {
    expect(freshnessFactor('not a date', NOW)).toBe(0);
  });
});

describe('aiVisibilityScore', () => {
  it('is an integer within 0..100', () => {
    const score = aiVisibilityScore(profile(), NOW);
    expect(Number.isInteger(score)).toBe(true);
    expect(score).toBeGreaterThan(0);
    expect(score).toBeLessThanOrEqual(100);
  });

  it('combines the five parts with their weights', () => {
    // Everything but exclusive content (C = 0.91, V = 0), updated now (F = 1), unverified, no reviews.
    const p = profile({ exclusiveContent: {} });
    expect(aiVisibilityScore(p, NOW)).toBe(Math.round(100 * (0.35 * (91 / 100) + 0.05)));
  });

  it('rises with verification level', () => {
    const basic = aiVisibilityScore(profile({ trust: { verificationLevel: 'basic', averageRating: 0, totalReviews: 0 } }), NOW);
    const certified = aiVisibilityScore(profile({ trust: { verificationLevel: 'certified', averageRating: 0, totalReviews: 0 } }), NOW);
    expect(certified - basic).toBe(15);
  });

  it('rises with good reviews', () => {
    const none = aiVisibilityScore(profile(), NOW);
    const reviewed = aiVisibilityScore(profile({ trust: { verificationLevel: 'none', averageRating: 4.8, totalReviews: 300 } }), NOW);
    expect(reviewed).toBeGreaterThan(none + 10);
  });

  it('decays slowly as the profile goes stale', () => {
    const p = profile();
    const yearLater = new Date(NOW.getTime() + 365 * 86_400_000);
    expect(aiVisibilityScore(p, yearLater)).toBeLessThan(aiVisibilityScore(p, NOW));
    expect(aiVisibilityScore(p, NOW) - aiVisibilityScore(p, yearLater)).toBeLessThanOrEqual(5);
  });

  it('reaches 100 only with everything at the top', () => {
    const best = profile({
      trust: { verificationLevel: 'certified', averageRating: 5, totalReviews: 1e6 },
      exclusiveContent: Object.fromEntries(['insiderTips', 'localSecrets', 'behindTheScenes', 'sustainabilityPractices'].map((k) => [k,
        'On 3 May 2011 Rosa Diaz opened Elm Street Bakery at 6am with 2 ovens from Lyon; we still bake 120 loaves of Texas rye by 7am. '.repeat(6)])),
    });
    expect(aiVisibilityScore(best, NOW)).toBeGreaterThanOrEqual(95);
    expect(aiVisibilityScore(profile({ name: '', category: '', location: {}, contact: {}, services: [], hours: {}, description: '',
      tagline: '', media: { photos: [], videos: [] }, exclusiveContent: {}, updatedAt: 'x' }), NOW)).toBe(0);
  });
});

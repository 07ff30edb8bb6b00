import { assessCompleteness, REQUIRED_TO_PUBLISH } from '../../src/domain/completeness';
import type { BusinessProfile } from '../../src/domain/profile';

const NOW = '2024-06-01T12:00:00.000Z';

function fullProfile(): BusinessProfile {
  return {
    id: 'biz_1', environment: 'live', ownerId: 'acct_1',
    name: 'Elm Street Bakery', category: 'bakeries',
    description: 'Sourdough, rye and pastries baked in a wood oven every morning on Elm Street since 2011.',
    tagline: 'Bread worth the early alarm',
    location: {
      address: { street: '12 Elm St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      coordinates: { lat: 30.2672, lon: -97.7431 },
    },
    contact: { phone: '+15125550100', email: 'hi@elmbakery.example', website: 'https://elmbakery.example' },
    services: [{ id: 'svc_1', name: 'Sourdough loaf', bookable: false, requiresQuote: false, createdAt: NOW, updatedAt: NOW }],
    hours: { monday: { open: '07:00', close: '15:00' }, sunday: { closed: true } },
    blackoutDates: [],
    media: { logo: 'https://cdn.example/logo.png', photos: ['https://cdn.example/p1.jpg'], videos: [] },
    trust: { verificationLevel: 'none', averageRating: 0, totalReviews: 0 },
    exclusiveContent: {
      insiderTips: 'Ask for the rye ends at 2pm, they are half price.',
      localSecrets: 'The bench behind the shop faces the creek and gets morning sun.',
    },
    aiVisibilityScore: 0, status: 'draft', dedupeKeys: [], version: 1, createdAt: NOW, updatedAt: NOW,
  };
}

function minimalProfile(): BusinessProfile {
  return { ...fullProfile(), description: undefined, tagline: undefined, location: {}, contact: {}, services: [], hours: {},
    media: { photos: [], videos: [] }, exclusiveContent: {}, name: '', category: '' };
}

describe('assessCompleteness', () => {
  it('reports a fully filled profile as 100% complete with nothing missing', () => {
    expect(assessCompleteness(fullProfile())).toEqual({
      profileComplete: true, completionPercentage: 100, missingFields: [], recommendedFields: [], recommendations: [], missingForPublish: [],
    });
  });

  it('reports an empty profile as 0% with every field missing and not publishable', () => {
    const report = assessCompleteness(minimalProfile());
    expect(report.completionPercentage).toBe(0);
    expect(report.profileComplete).toBe(false);
    expect(report.missingFields).toEqual([
      'name', 'category', 'description', 'location.address.city', 'location.address.country', 'location.coordinates', 'contact', 'hours',
    ]);
    expect(report.recommendedFields).toEqual([
      'services', 'exclusiveContent', 'media.photos', 'contact.phone', 'contact.email', 'media.logo', 'tagline',
      'location.address.street', 'location.address.postalCode', 'location.address.state',
    ]);
    // One piece of advice per field: the required ones first, in missingFields order.
    expect(report.recommendations).toHaveLength(18);
    expect(report.recommendations[6]).toBe('Add a way to reach you: a phone number, a contact email or a website');
    expect(report.recommendations[8]).toMatch(/^List at least one service/);
    expect(report.missingForPublish).toEqual(REQUIRED_TO_PUBLISH);
  });

  it('lists recommended fields and their recommendations heaviest first, one per gap, and stays complete', () => {
    const p = fullProfile();
    p.media = { photos: [], videos: [] };
    p.tagline = '  ';
    p.services = [];
    const report = assessCompleteness(p);
    expect(report.profileComplete).toBe(true);
    expect(report.missingFields).toEqual([]);
    expect(report.recommendedFields).toEqual(['services', 'media.photos', 'media.logo', 'tagline']);
    expect(report.recommendations).toHaveLength(4);
    expect(report.recommendations[1]).toMatch(/^Add at least one photo: profiles with photos/);
    expect(report.completionPercentage).toBe(100 - 10 - 6 - 4 - 3);
  });

  it('still allows publishing when only optional polish is missing', () => {
    const p = fullProfile();
    p.media = { photos: [], videos: [] };
    p.tagline = undefined;
    p.location.address!.street = undefined;
    const report = assessCompleteness(p);
    expect(report.profileComplete).toBe(true);
    expect(report.missingForPublish).toEqual([]);
    expect(report.missingFields).toEqual([]);
    expect(report.recommendedFields).toEqual(['media.photos', 'media.logo', 'tagline', 'location.address.street']);
    expect(report.completionPercentage).toBe(100 - 6 - 4 - 3 - 3);
  });

  it('requires a description of at least 50 characters and says how long it is now', () => {
    const p = fullProfile();
    p.description = 'Bread.';
    const report = assessCompleteness(p);
    expect(report.profileComplete).toBe(false);
    expect(report.missingFields).toEqual(['description']);
    expect(report.recommendedFields).toEqual([]);
    expect(report.missingForPublish).toEqual(['description']);
    expect(report.recommendations[0]).toContain('(now 6)');
  });

  it('accepts any one contact channel for publishing but scores phone and email/website separately', () => {
    const p = fullProfile();
    p.contact = { website: 'https://elmbakery.example' };
    let report = assessCompleteness(p);
    expect(report.missingForPublish).toEqual([]);
    expect(report.missingFields).toEqual([]);
    expect(report.recommendedFields).toEqual(['contact.phone']);
    p.contact = {};
    report = assessCompleteness(p);
    expect(report.missingForPublish).toEqual(['contact']);
    expect(report.missingFields).toEqual(['contact']);
    expect(report.recommendedFields).toEqual(['contact.phone', 'contact.email']);
  });

  it('does not count hours where every day is closed', () => {
    const p = fullProfile();
    p.hours = { monday: { closed: true }, tuesday: { closed: true } };
    const report = assessCompleteness(p);
    expect(report.missingFields).toEqual(['hours']);
    expect(report.missingForPublish).toEqual(['hours']);
  });

  it('needs coordinates, city and country to publish', () => {
    const p = fullProfile();
    p.location = { address: { street: '12 Elm St' } };
    const report = assessCompleteness(p);
    expect(report.missingForPublish).toEqual(['location.address.city', 'location.address.country', 'location.coordinates']);
    expect(report.profileComplete).toBe(false);
  });

  it('needs two meaningful exclusive-content fields and names the next ones to write', () => {
    const p = fullProfile();
    p.exclusiveContent = { insiderTips: 'Ask for the rye ends at 2pm, they are half price.', localSecrets: 'Nice.' };
    const report = assessCompleteness(p);
    expect(report.missingFields).toEqual([]);
    expect(report.recommendedFields).toEqual(['exclusiveContent']);
    expect(report.recommendations[0]).toContain('localSecrets');
    expect(report.recommendations[0]).not.toContain('insiderTips');
    p.exclusiveContent = {};
    expect(assessCompleteness(p).recommendations[0]).toMatch(/^Describe what makes you different in insiderTips/);
  });

  it('never says complete beside a missing required field, for each required field alone', () => {
    const emptied: Record<string, (p: BusinessProfile) => void> = {
      name: (p) => (p.name = ''),
      category: (p) => (p.category = ' '),
      description: (p) => (p.description = undefined),
      'location.address.city': (p) => (p.location.address!.city = ''),
      'location.address.country': (p) => (p.location.address!.country = undefined),
      'location.coordinates': (p) => (p.location.coordinates = undefined),
      contact: (p) => (p.contact = {}),
      hours: (p) => (p.hours = {}),
    };
    expect(Object.keys(emptied)).toEqual(REQUIRED_TO_PUBLISH);
    for (const [field, empty] of Object.entries(emptied)) {
      const p = fullProfile();
      empty(p);
      const report = assessCompleteness(p);
      expect([field, report.profileComplete, report.missingFields]).toEqual([field, false, [field]]);
      expect(report.recommendations.length).toBe(report.missingFields.length + report.recommendedFields.length);
    }
  });

  it('returns an integer percentage between 0 and 100', () => {
    const p = fullProfile();
    p.tagline = undefined;
    const { completionPercentage } = assessCompleteness(p);
    expect(Number.isInteger(completionPercentage)).toBe(true);
    expect(completionPercentage).toBe(97);
  });
});

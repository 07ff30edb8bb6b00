// A small builder for SearchDocuments in ranking and summary tests: neutral defaults,
// each test overrides only what it is about.
import type { SearchDocument } from '../../../src/ports/searchIndex';

export function searchDocument(overrides: Partial<SearchDocument> & { id: string; name: string }): SearchDocument {
  return {
    environment: 'live',
    category: 'restaurants',
    description: '',
    tagline: '',
    servicesText: '',
    exclusiveText: '',
    address: { street: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
    coordinates: { lat: 30.2672, lon: -97.7431 },
    phone: '+15125550100',
    website: 'https://example.com',
    verificationLevel: 'none',
    averageRating: 4,
    reviewCount: 50,
    completeness: 80,
    aiVisibilityScore: 50,
    hours: {},
    blackoutDates: [],
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

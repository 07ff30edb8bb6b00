// Directory listing and partner search (spec 4.2): filters and sorts straight on the index,
// no language model, no personalisation.
import { ForbiddenError, ValidationError } from '../../domain/errors';
import type { Principal } from '../../domain/principal';
import type { VerificationLevel } from '../../domain/profile';
import { stateAbbreviation } from '../../domain/search/usStates';
import type { SearchIndex, SearchQuery, SearchResult } from '../../ports/searchIndex';
import { typoCorrection } from './typoCorrection';

export interface DirectoryInput {
  query?: string;
  category?: string;
  city?: string;
  state?: string;
  country?: string;
  postalCode?: string;
  verificationLevel?: VerificationLevel;
  sortBy: 'aiVisibilityScore' | 'rating' | 'name' | 'relevance';
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A partner page: with the corrected `q` when the one sent had typos and the corrected one found something. */
export interface PartnerResult extends SearchResult {
  correctedQuery?: string;
}

export interface PartnerInput {
  q?: string;
  category?: string;
  location?: string;
  limit: number;
  offset: number;
}

/** Radius when a partner passes "lat,lon" without a third number. */
export const PARTNER_DEFAULT_RADIUS_KM = 25;
const NUMBERS_ONLY = /^[\s\d.,+-]+$/;
const LOCATION_FORMS = 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"';
/** A US ZIP code (or ZIP+4), alone or after "City, ST": "78701", "Austin, TX 78701-1234". */
const TRAILING_ZIP = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?)\s*$/;
const LAT_LON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*(\d+(?:\.\d+)?)\s*)?$/;

/** "lat,lon[,radiusKm]" -> a circle; "Austin, TX" / "Austin" -> city (and state) filters; a ZIP code -> a postal code filter. */
export function parsePartnerLocation(raw: string): Pick<SearchQuery, 'near' | 'city' | 'state' | 'postalCode'> {
  const numeric = LAT_LON.exec(raw);
  if (numeric) {
    const lat = Number(numeric[1]);
    const lon = Number(numeric[2]);
    const radiusKm = numeric[3] !== undefined ? Number(numeric[3]) : PARTNER_DEFAULT_RADIUS_KM;
    if (lat < -90 || lat > 90) throw new ValidationError('location', 'latitude must be between -90 and 90');
    if (lon < -180 || lon > 180) throw new ValidationError('location', 'longitude must be between -180 and 180');
    if (radiusKm <= 0 || radiusKm > 500) throw new ValidationError('location', 'radius must be more than 0 and at most 500 km');
    return { near: { lat, lon, radiusKm } };
  }
  const zip = TRAILING_ZIP.exec(raw);
  if (zip) {
    const rest = zip[1].trim();
    return { ...(rest && parsePartnerLocation(rest)), postalCode: zip[2] };
  }
  const [city, region] = raw.split(',').map((part) => part.trim());
  // Only numbers but not "lat,lon[,radiusKm]" ("30.27", "30,-97,5,1"): a mistyped point, not a city.
  if (!city || NUMBERS_ONLY.test(raw)) throw new ValidationError('location', LOCATION_FORMS);
  const state = region ? stateAbbreviation(region) ?? region : undefined;
  return { city, ...(state && { state }) };
}

export function createListingSearch({ index }: { index: SearchIndex }) {
  async function directory(principal: Principal, input: DirectoryInput): Promise<SearchResult> {
    return index.search({
      environment: principal.environment,
      ...(input.query && { text: input.query }),
      ...(input.category && { categories: [input.category] }),
      ...(input.city && { city: input.city }),
      ...(input.state && { state: input.state }),
      ...(input.country && { country: input.country }),
      ...(input.postalCode && { postalCode: input.postalCode }),
      ...(input.verificationLevel && { verificationLevels: [input.verificationLevel] }),
      sort: input.sortBy,
      order: input.sortOrder,
      limit: input.limit,
      offset: input.offset,
    });
  }

  async function partner(principal: Principal, input: PartnerInput): Promise<PartnerResult> {
    if (!principal.partner) throw new ForbiddenError('Partner search requires a partnership agreement');
    if (!input.q && !input.category && !input.location) {
      throw new ValidationError('q', 'at least one of q, category or location is required');
    }
    const where = input.location ? parsePartnerLocation(input.location) : {};
    const search = (text: string | undefined) =>
      index.search({
        environment: principal.environment,
        ...(text && { text }),
        ...(input.category && { categories: [input.category] }),
        ...where,
        sort: text ? 'relevance' : where.near ? 'distance' : 'aiVisibilityScore',
        order: text || !where.near ? 'desc' : 'asc',
        limit: input.limit,
        offset: input.offset,
      });
    // Partners pass what their users typed: "piza" is searched as "pizza" when no business has "piza".
    const correction = input.q ? await typoCorrection(index, principal.environment, input.q) : undefined;
    if (correction) {
      const corrected = await search(correction.text);
      if (corrected.total > 0) return { ...corrected, correctedQuery: correction.text };
    }
    return search(input.q);
  }

  return { directory, partner };
}

export type ListingSearch = ReturnType<typeof createListingSearch>;

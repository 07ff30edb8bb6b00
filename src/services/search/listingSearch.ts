// Directory listing and partner search (spec 4.2): filters and sorts straight on the index,
// no language model, no personalisation.
import type { Static } from 'typebox';
import type { directoryQuerySchema } from '../../schemas/endpoints/directory';
import type { partnerSearchQuerySchema } from '../../schemas/endpoints/partnerSearch';
import { ValidationError } from '../../domain/errors';
import type { Principal } from '../../domain/principal';
import { isWithin, LATITUDE, LONGITUDE } from '../../domain/profile';
import { kindPhrases, kindsNamedIn, requestCategoryFilter } from '../../domain/search/categoryWords';
import { windowedPage } from '../../domain/search/listingWindow';
import { findUsCity } from '../../domain/search/usCities';
import { MAX_STATE_NAME_WORDS, readsAsEnglishWord, stateAbbreviation } from '../../domain/search/usStates';
import type { SearchIndex, SearchQuery, SearchResult } from '../../ports/searchIndex';
import type { PartnerAccess } from '../partners/partnerAccess';
import { typoCorrection } from './typoCorrection';

export type DirectoryInput = Static<typeof directoryQuerySchema>;

/** A partner page: with the corrected `q` when the one sent had typos and the corrected one found something. */
export interface PartnerResult extends SearchResult {
  correctedQuery?: string;
}

export type PartnerInput = Static<typeof partnerSearchQuerySchema>;

/** Radius when a partner passes "lat,lon" without a third number. */
export const PARTNER_DEFAULT_RADIUS_KM = 25;
const NUMBERS_ONLY = /^[\s\d.,+-]+$/;
const LOCATION_FORMS = 'must be "City, ST", a ZIP code or "lat,lon[,radiusKm]"';
/** A US ZIP code (or ZIP+4), alone or after "City, ST": "78701", "Austin, TX 78701-1234". */
const TRAILING_ZIP = /^(.*?)[\s,]*\b(\d{5}(?:-\d{4})?)\s*$/;
const LAT_LON = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*(?:,\s*(\d+(?:\.\d+)?)\s*)?$/;

/** "lat,lon[,radiusKm]" -> a circle; "Austin, TX" / "Austin TX" / "Austin" -> city (and state) filters; "Texas" -> a state filter; a ZIP code -> a postal code filter. */
export function parsePartnerLocation(raw: string): Pick<SearchQuery, 'near' | 'city' | 'state' | 'postalCode'> {
  const numeric = LAT_LON.exec(raw);
  if (numeric) {
    const lat = Number(numeric[1]);
    const lon = Number(numeric[2]);
    const radiusText = (numeric as (string | undefined)[])[3];
    const radiusKm = radiusText !== undefined ? Number(radiusText) : PARTNER_DEFAULT_RADIUS_KM;
    if (!isWithin(lat, LATITUDE)) throw new ValidationError('location', `latitude must be between ${LATITUDE.minimum} and ${LATITUDE.maximum}`);
    if (!isWithin(lon, LONGITUDE)) throw new ValidationError('location', `longitude must be between ${LONGITUDE.minimum} and ${LONGITUDE.maximum}`);
    if (radiusKm <= 0 || radiusKm > 500) throw new ValidationError('location', 'radius must be more than 0 and at most 500 km');
    return { near: { lat, lon, radiusKm } };
  }
  const zip = TRAILING_ZIP.exec(raw);
  if (zip) {
    const rest = zip[1].trim();
    return { ...(rest && parsePartnerLocation(rest)), postalCode: zip[2] };
  }
  const [city, region] = raw.split(',').map((part) => part.trim()) as (string | undefined)[];
  // Only numbers but not "lat,lon[,radiusKm]" ("30.27", "30,-97,5,1"), or a point with a radius
  // that is not a plain number ("30.27,-97.74,5km"): a mistyped point, not a city.
  if (!city || NUMBERS_ONLY.test(raw) || NUMBERS_ONLY.test(city)) throw new ValidationError('location', LOCATION_FORMS);
  if (region === undefined) return placeWithoutComma(city);
  const state = region ? stateAbbreviation(region) ?? region : undefined;
  return { city, ...(state && { state }) };
}

/**
 * What users type without a comma: "Austin TX", "San Antonio Texas", "Texas". The city stays as
 * typed: the index compares city names exactly, so "St Paul" must not become "Saint Paul". A
 * known city stays a city ("New York", "Kansas City", "Washington"); else the whole text may be
 * a state; else a state after the city counts when it is a code in capitals ("Smallville KS") or
 * the words before it are a known city of that state ("San Antonio Texas"), so "Port Washington"
 * stays a town, not "Port" in Washington state.
 */
function placeWithoutComma(text: string): Pick<SearchQuery, 'city' | 'state'> {
  if (findUsCity(text)) return { city: text };
  const whole = stateAbbreviation(text);
  if (whole && !readsAsEnglishWord(text)) return { state: whole };
  const words = text.split(/\s+/);
  for (let k = Math.min(MAX_STATE_NAME_WORDS, words.length - 1); k >= 1; k--) {
    const tail = words.slice(-k).join(' ');
    const state = stateAbbreviation(tail);
    if (!state) continue;
    const city = words.slice(0, -k).join(' ');
    const codeInCapitals = tail.length === 2 && tail === tail.toUpperCase();
    if (codeInCapitals || findUsCity(city, state)) return { city, state };
  }
  return { city: text };
}

/** A kind `q` names ("plumber") also finds the businesses of that kind by their category, whatever their label says. */
function kindText(text: string): Pick<SearchQuery, 'categoryPhrases'> {
  const phrases = kindPhrases(kindsNamedIn(text));
  return phrases.length > 0 ? { categoryPhrases: phrases } : {};
}

export function createListingSearch({ index, partnerAccess }: { index: SearchIndex; partnerAccess: Pick<PartnerAccess, 'require'> }) {
  async function directory(principal: Principal, input: DirectoryInput): Promise<SearchResult> {
    return index.search({
      environment: principal.environment,
      ...(input.query && { text: input.query, ...kindText(input.query) }),
      ...(input.category && requestCategoryFilter(input.category)),
      ...(input.city && { city: input.city }),
      ...(input.state && { state: input.state }),
      ...(input.country && { country: input.country }),
      ...(input.postalCode && { postalCode: input.postalCode }),
      ...(input.verificationLevel && { verificationLevels: [input.verificationLevel] }),
      sort: input.sortBy,
      order: input.sortOrder,
      ...windowedPage(input),
    });
  }

  async function partner(principal: Principal, input: PartnerInput): Promise<PartnerResult> {
    await partnerAccess.require(principal, 'partner_search');
    if (!input.q && !input.category && !input.location) {
      throw new ValidationError('q', 'at least one of q, category or location is required');
    }
    const where = input.location ? parsePartnerLocation(input.location) : {};
    const search = (text: string | undefined) =>
      index.search({
        environment: principal.environment,
        ...(text && { text, ...kindText(text) }),
        ...(input.category && requestCategoryFilter(input.category)),
        ...where,
        sort: text ? 'relevance' : where.near ? 'distance' : 'aiVisibilityScore',
        order: text || !where.near ? 'desc' : 'asc',
        ...windowedPage(input),
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

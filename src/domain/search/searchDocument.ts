// The search document and the fields ranking reads from a candidate: the domain's model of a
// business as search sees it. The indexer writes it (indexer/toSearchDocument.ts), both index
// adapters return it, ranking and summaries read it. ports/searchIndex.ts re-exports it.
import type { Coordinates, Environment, VerificationLevel, WeeklyHours } from '../profile';
import { withoutZipPlus4 } from '../postalCode';
import { usState } from './usStates';

/** What the indexer writes for one published profile (see indexer/toSearchDocument.ts). */
export interface SearchDocument {
  id: string;
  environment: Environment;
  name: string;
  /** The owner's label, as written. */
  category: string;
  /**
   * The category's taxonomy keys with their broader kinds (domain/categories canonicalCategory.ts
   * indexedCategory): what `categoryKeys` filters compare. Absent in documents written before they
   * existed, until `npm run reindex` or the profiles' start-up backfill rewrites them.
   */
  categoryKeys?: string[];
  /** The English names of those kinds ("Pizza Restaurant", "Restaurant"), searched as category text beside the label. */
  categoryNames?: string[];
  description: string;
  tagline: string;
  /** Service names, categories and descriptions joined. */
  servicesText: string;
  /** The four exclusive-content fields joined. */
  exclusiveText: string;
  address: { street: string; city: string; state: string; postalCode: string; country: string };
  coordinates?: Coordinates;
  phone: string;
  website: string;
  verificationLevel: VerificationLevel;
  averageRating: number;
  reviewCount: number;
  /** 0..100 profile completeness. */
  completeness: number;
  aiVisibilityScore: number;
  /** Lowest price among the services (any currency), for "cheap" / "under $20". */
  minPrice?: number;
  /** The currency code of the service that has minPrice, to show it ("from $13.50"). */
  minPriceCurrency?: string;
  hours: WeeklyHours;
  /** IANA zone derived from the coordinates. */
  timeZone?: string;
  blackoutDates: string[];
  updatedAt: string;
  /**
   * Present while the business is temporarily closed (a permanently closed one is not indexed):
   * its `hours` are then empty, so every time filter leaves it out on both engines.
   */
  operatingStatus?: 'temporarily_closed';
  /** While temporarily closed: the day it expects to reopen, when known. */
  reopensOn?: string;
  /** When its information was last confirmed (owner or verification). */
  lastVerifiedAt?: string;
}

/**
 * The document fields consumer ranking reads from every candidate (domain/search/ranking.ts). A
 * search returns many more candidates than it shows: these are cheap to read for all of them,
 * while the whole document is read only for the hits that need their text, hours or details.
 */
export interface RankingFields {
  id: string;
  /** The category as keyword filters compare it (normalizeKeyword). */
  categoryKey: string;
  /** SearchDocument.categoryKeys ([] when absent): whether a candidate is of the kinds asked for. */
  categoryKeys: string[];
  verificationLevel: VerificationLevel;
  averageRating: number;
  reviewCount: number;
  completeness: number;
  minPrice?: number;
}

/** Keyword filters are exact but case-insensitive: both sides of a comparison go through this. */
export function normalizeKeyword(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A postal code as filters compare it: lower case without spaces, and a US ZIP+4 as its five-digit
 * ZIP, so a search for "78701" finds an address written "78701-1234".
 */
export function postalKey(value: string): string {
  return withoutZipPlus4(normalizeKeyword(value).replace(/\s+/g, ''));
}

/**
 * What a `state` filter matches, any of: the state as given and, for a US state, its name and
 * postal abbreviation too, so `Texas` and `TX` find the same businesses however their addresses
 * spell it. Normalised with normalizeKeyword.
 */
export function stateKeywords(state: string): string[] {
  const keywords = [normalizeKeyword(state)];
  const us = usState(state);
  if (us) keywords.push(us.name, us.abbreviation.toLowerCase());
  return [...new Set(keywords)];
}

export function rankingFieldsOf(doc: SearchDocument): RankingFields {
  const fields: RankingFields = {
    id: doc.id,
    categoryKey: normalizeKeyword(doc.category),
    categoryKeys: doc.categoryKeys ?? [],
    verificationLevel: doc.verificationLevel,
    averageRating: doc.averageRating,
    reviewCount: doc.reviewCount,
    completeness: doc.completeness,
  };
  if (doc.minPrice !== undefined) fields.minPrice = doc.minPrice;
  return fields;
}

export interface SearchHit {
  /** The whole document. An adapter may build it on first read; `fields` never costs that. */
  readonly document: SearchDocument;
  /** Equal to `rankingFieldsOf(document)`. */
  fields: RankingFields;
  /**
   * Engine text relevance, normalised to 0..1 within the page (1 = best). 0 without text, and 0
   * when the query sorts by a field (see sortsByRelevance): the text then only filters, and
   * neither engine spends time scoring every match.
   */
  textScore: number;
  /** Present when the query had `near` and the document has coordinates. */
  distanceKm?: number;
}

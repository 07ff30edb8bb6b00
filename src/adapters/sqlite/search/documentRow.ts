// How a SearchDocument is laid out in the documents, JSON and FTS tables of a generation.
import { encodeSchedule } from '../../../domain/search/openingFilter';
import { normalizeKeyword, postalKey, type SearchDocument } from '../../../ports/searchIndex';
import { geoCellOf } from './distanceRings';
import { documentTags } from './filterTags';
import { documentOpeningMasks } from './openingMasks';

/** Named parameters of the documents-table upsert, and `document` for the JSON table's. */
export interface DocumentRow {
  environment: string;
  id: string;
  categoryNorm: string;
  cityNorm: string;
  stateNorm: string;
  countryNorm: string;
  verificationLevel: string;
  averageRating: number;
  reviewCount: number;
  completeness: number;
  aiVisibilityScore: number;
  minPrice: number | null;
  lat: number | null;
  lon: number | null;
  nameSort: string;
  opening: string;
  postalKey: string;
  openDays: number;
  openH0: bigint;
  openH1: bigint;
  openH2: bigint;
  geoCell: number | null;
  /** SearchDocument.categoryKeys, space-separated (keys hold no spaces). */
  categoryKeys: string;
  /** The whole document, for the JSON table (indexTables.ts); not a documents-table column. */
  document: string;
}

export function documentRow(doc: SearchDocument): DocumentRow {
  return {
    environment: doc.environment,
    id: doc.id,
    categoryNorm: normalizeKeyword(doc.category),
    cityNorm: normalizeKeyword(doc.address.city),
    stateNorm: normalizeKeyword(doc.address.state),
    countryNorm: normalizeKeyword(doc.address.country),
    verificationLevel: doc.verificationLevel,
    averageRating: doc.averageRating,
    reviewCount: doc.reviewCount,
    completeness: doc.completeness,
    aiVisibilityScore: doc.aiVisibilityScore,
    minPrice: doc.minPrice ?? null,
    lat: doc.coordinates?.lat ?? null,
    lon: doc.coordinates?.lon ?? null,
    // Lowercase only (no trim or folding): byte order of the lowercased name is what a
    // lowercase-normalised keyword sorts by in Elasticsearch, so "name" sorts agree.
    nameSort: doc.name.toLowerCase(),
    opening: encodeSchedule(doc),
    postalKey: postalKey(doc.address.postalCode),
    ...documentOpeningMasks(doc),
    geoCell: doc.coordinates ? geoCellOf(doc.coordinates) : null,
    categoryKeys: (doc.categoryKeys ?? []).join(' '),
    document: JSON.stringify(doc),
  };
}

/** Named parameters of the FTS insert; column order and weights are in indexTables/searchPlan. */
export interface FtsRow {
  name: string;
  category: string;
  services: string;
  tagline: string;
  description: string;
  exclusive: string;
  tags: string;
}

export function ftsRow(doc: SearchDocument): FtsRow {
  return {
    name: doc.name,
    // The kinds' names beside the label: "cafe" finds a business filed as "coffee" (a cafe).
    category: [doc.category, ...(doc.categoryNames ?? [])].join('\n'),
    services: doc.servicesText,
    tagline: doc.tagline,
    description: doc.description,
    exclusive: doc.exclusiveText,
    tags: documentTags(doc),
  };
}

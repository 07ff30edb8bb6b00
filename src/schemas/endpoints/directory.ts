// GET /api/v1/directory (spec 4.2, 8).
import Type from 'typebox';
import { LISTING_RESULT_WINDOW } from '../../domain/search/listingWindow';
import { countryCodeSchema } from '../parts/address';
import { defaulted } from '../parts/defaulted';
import { limitSchema, offsetSchema } from '../parts/paging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

/** Spec 4.2's three, plus relevance for a directory search box (text-match order; without `query`, aiVisibilityScore). */
export const DIRECTORY_SORT_FIELDS = ['aiVisibilityScore', 'rating', 'name', 'relevance'] as const;
/** Spec 4.2 names basic, verified and premium; certified is the level above premium that items can carry. */
export const DIRECTORY_LEVELS = ['basic', 'verified', 'premium', 'certified'] as const;
/** Deep enough for any person paging: the end of the result window both indexes serve. */
export const LISTING_MAX_OFFSET = LISTING_RESULT_WINDOW;

/** Offset paging of a listing; `total` still counts every match. */
export const listingOffsetSchema = offsetSchema(
  LISTING_MAX_OFFSET,
  `Results to skip, 0-${LISTING_MAX_OFFSET}. Only the first ${LISTING_RESULT_WINDOW} results are served: a page is cut there, and hasMore is false from there on.`,
);

export const directoryQuerySchema = Type.Object(
  {
    query: Type.Optional(text(500)),
    category: Type.Optional(text(100)),
    city: Type.Optional(text(100)),
    state: Type.Optional(text(100)),
    country: Type.Optional(countryCodeSchema),
    postalCode: Type.Optional({ ...text(20), description: 'Postal code, ignoring case and spaces; a five-digit ZIP also finds addresses written as ZIP+4.' }),
    verificationLevel: Type.Optional(stringEnum(DIRECTORY_LEVELS, { description: 'Exactly this level (items show one of none, basic, verified, premium, certified).' })),
    sortBy: defaulted(
      stringEnum(DIRECTORY_SORT_FIELDS, {
        default: 'aiVisibilityScore',
        description: 'relevance orders by how well `query` matches (best first with desc); without `query` it is aiVisibilityScore.',
      }),
    ),
    sortOrder: defaulted(stringEnum(['asc', 'desc'], { default: 'desc' })),
    limit: limitSchema(100, 20),
    offset: listingOffsetSchema,
  },
  { additionalProperties: false },
);

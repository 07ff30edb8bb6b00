// A stored business profile has one shape: the mongoose schema (adapters/mongo/schemas) must state
// every field, type, enum, bound and pattern the API's JSON Schemas state for what a client writes
// (the create body, its parts) and for what only the server writes (the profile record), and no
// field either side lacks. Formats (email, uri, date) and `allOf` refinements are the API's alone:
// values are checked against them before they are stored.
import type { Schema } from 'mongoose';
import { businessSchema } from '../../../src/adapters/mongo/schemas/businessSchema';
import { createProfileBodySchema, updateProfileBodySchema } from '../../../src/schemas/endpoints/profile';
import { calendarDateSchema } from '../../../src/schemas/parts/dates';
import { verifiedBySchema } from '../../../src/schemas/parts/operatingStatus';
import { publicPageSettingSchema } from '../../../src/schemas/parts/publicPage';
import { serviceInputSchema } from '../../../src/schemas/parts/service';
import { profileRecordSchema, serviceRecordSchema } from '../../../src/schemas/responses/profile';
import { json, type Json, storedShapeDifferences } from '../../support/storedShape';

const recordProperties = json(profileRecordSchema).properties ?? {};
const serviceRecord = json(serviceRecordSchema).properties ?? {};

/** The stored profile as the API describes it: client-written fields from the create body, the rest from the record. */
const STORED_PROFILE: Json = {
  type: 'object',
  properties: {
    ...json(createProfileBodySchema).properties,
    services: {
      type: 'array',
      items: {
        type: 'object',
        properties: { ...json(serviceInputSchema).properties, id: serviceRecord.id, createdAt: serviceRecord.createdAt, updatedAt: serviceRecord.updatedAt },
        required: [...(json(serviceInputSchema).required ?? []), 'id', 'createdAt', 'updatedAt'],
      },
    },
    status: json(updateProfileBodySchema).properties?.status ?? {},
    publicPage: json(publicPageSettingSchema),
    blackoutDates: { type: 'array', items: json(calendarDateSchema) },
    exclusiveContent: recordProperties.exclusiveContent,
    categoryKeys: recordProperties.categoryKeys,
    categoryTaxonomy: recordProperties.categoryTaxonomy,
    media: recordProperties.media,
    trust: { ...recordProperties.trust, required: ['verificationLevel', 'averageRating', 'totalReviews'] },
    exclusiveScores: { ...recordProperties.exclusiveScores, required: ['visibilityScore', 'uniquenessScore'] },
    aiVisibilityScore: recordProperties.aiVisibilityScore,
    operatingStatus: recordProperties.operatingStatus,
    lastVerifiedAt: recordProperties.createdAt,
    lastVerifiedBy: json(verifiedBySchema),
    createdAt: recordProperties.createdAt,
    updatedAt: recordProperties.updatedAt,
  },
  required: ['name', 'category', 'status', 'createdAt', 'updatedAt'],
};

/** Stored, never answered as such: the store's own bookkeeping and what queries need. */
const STORAGE_ONLY = ['_id', 'webhookOutbox', 'writeMarks', 'environment', 'ownerId', 'categoryKey', 'geo', 'hasExclusiveContent', 'dedupeKeys', 'version', 'deletedAt', 'ownerSuspended', 'publicSlugs', 'source'];
/** Always stored although a client may leave them out: the server writes their empty or default value. */
const STORED_ALWAYS = ['location', 'contact', 'services', 'hours', 'blackoutDates', 'media', 'trust', 'exclusiveContent', 'aiVisibilityScore'];
/** Server-written record parts whose inner fields the record schema leaves optional (an answer may omit them) but the store always holds. */
const ALWAYS_WITHIN = ['media.photos', 'media.videos'];

function differencesOf(stored: Schema): string[] {
  return storedShapeDifferences(STORED_PROFILE, stored, { storageOnly: STORAGE_ONLY, alwaysStored: [...STORED_ALWAYS, ...ALWAYS_WITHIN] });
}

describe('the stored profile and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(differencesOf(businessSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = businessSchema.clone();
    drifted.path('status', { type: String, enum: ['draft', 'published', 'archived'], required: true });
    drifted.path('aiVisibilityScore', { type: Number, required: true, min: 0, max: 1000 });
    drifted.path('nickname', { type: String });
    expect(differencesOf(drifted)).toEqual([
      'status: enum is ["draft","published"] in the API, ["archived","draft","published"] stored',
      'aiVisibilityScore: maximum is 100 in the API, 1000 stored',
      'nickname: stored, not in the API\'s schemas',
    ]);
  });
});

// A business profile as stored in the `businesses` collection: the domain profile with `_id` for
// `id`, plus three derived fields the queries need (stripped again on every read, see
// profileDocument.ts): categoryKey, hasExclusiveContent and the GeoJSON point `geo`.
import { Schema } from 'mongoose';
import { type CarriesOutbox, outboxPath } from '../webhooks/embeddedOutbox';
import type { BusinessProfile } from '../../../domain/profile';
import { verifiedBySchema } from '../../../schemas/parts/operatingStatus';
import {
  contactSchema,
  exclusiveContentSchema,
  exclusiveScoresSchema,
  geoPointSchema,
  importSourceSchema,
  locationSchema,
  operatingStatusSchema,
  profileMediaSchema,
  serviceSchema,
  trustSchema,
  weeklyHoursSchema,
} from './profileParts';
import { environment, ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';
import { leafOf, storedAs } from './storedAs';
import { calendarDateSchema } from '../../../schemas/parts/dates';
import { publicPageSettingSchema } from '../../../schemas/parts/publicPage';
import { createProfileBodySchema, updateProfileBodySchema } from '../../../schemas/endpoints/profile';
import { profileRecordSchema } from '../../../schemas/responses/profile';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface BusinessDoc extends CarriesOutbox, CarriesMarks, Omit<BusinessProfile, 'id'> {
  _id: string;
  /** Trimmed, lower-cased category: categories compare case-insensitively. */
  categoryKey: string;
  /** True when any exclusive-content field has text (the uniqueness-scoring query's filter). */
  hasExclusiveContent: boolean;
  geo?: { type: 'Point'; coordinates: [number, number] };
}

export const BUSINESSES_COLLECTION = 'businesses';

export const businessSchema = new Schema<BusinessDoc>(
  {
    _id: ownId,
    // Webhook events of the write that stored this document, until relayed (webhooks/embeddedOutbox.ts).
    webhookOutbox: outboxPath,
    environment,
    ownerId: { type: String, required: true },
    name: storedAs(leafOf(createProfileBodySchema, 'name'), true),
    category: storedAs(leafOf(createProfileBodySchema, 'category'), true),
    // The category's taxonomy keys and the taxonomy version they come from (domain/categories).
    categoryKeys: { type: [String], default: undefined },
    categoryTaxonomy: { type: String },
    categoryKey: { type: String, required: true },
    description: storedAs(leafOf(createProfileBodySchema, 'description')),
    tagline: storedAs(leafOf(createProfileBodySchema, 'tagline')),
    location: { type: locationSchema, required: true },
    geo: { type: geoPointSchema },
    contact: { type: contactSchema, required: true },
    services: { type: [serviceSchema], required: true },
    hours: { type: weeklyHoursSchema, required: true },
    blackoutDates: { type: [storedAs(calendarDateSchema)], required: true },
    media: { type: profileMediaSchema, required: true },
    trust: { type: trustSchema, required: true },
    exclusiveContent: { type: exclusiveContentSchema, required: true },
    hasExclusiveContent: { type: Boolean, required: true },
    exclusiveScores: { type: exclusiveScoresSchema },
    aiVisibilityScore: storedAs(leafOf(profileRecordSchema, 'aiVisibilityScore'), true),
    status: storedAs(leafOf(updateProfileBodySchema, 'status'), true),
    dedupeKeys: { type: [String], required: true },
    version: { type: Number, required: true, min: 1 },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
    deletedAt: timestamp,
    ownerSuspended: { type: Boolean },
    publicPage: storedAs(publicPageSettingSchema),
    publicSlugs: { type: [String], default: undefined },
    source: { type: importSourceSchema },
    operatingStatus: { type: operatingStatusSchema },
    lastVerifiedAt: timestamp,
    lastVerifiedBy: storedAs(verifiedBySchema),
  },
  recordOptions(BUSINESSES_COLLECTION),
);
keepsWriteMarks(businessSchema);
businessSchema.index({ environment: 1, ownerId: 1, createdAt: 1 });
businessSchema.index({ environment: 1, categoryKey: 1, updatedAt: -1 });
// The sitemaps and llms.txt walk the published live profiles by id.
businessSchema.index({ environment: 1, status: 1, _id: 1 });
// For geo queries (search near a point); 2dsphere indexes skip documents without `geo`.
businessSchema.index({ geo: '2dsphere' });

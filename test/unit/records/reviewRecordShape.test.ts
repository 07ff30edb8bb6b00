// A stored review has one shape: its mongoose schema (adapters/mongo/schemas/reviewSchema.ts) states
// every field, type, enum, bound and pattern the API's JSON Schemas state for it (the write, reply
// and moderation bodies for what a client writes, the review record for what the server writes),
// and the SQLite table's generated columns read fields of that record with their type and
// requiredness. What the API shows in another form is described as stored: the author's name
// (shown as author.name) and whether it is hidden (shown as status: visible or hidden).
import { reviewSchema } from '../../../src/adapters/mongo/schemas/reviewSchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { createReviewBodySchema, reviewModerationBodySchema, reviewReplyBodySchema } from '../../../src/schemas/endpoints/reviews';
import { reviewRecordSchema } from '../../../src/schemas/responses/reviews';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(reviewRecordSchema);
const body = presentProperties(createReviewBodySchema);
const moderationEntry = record.moderation.items ?? {};

const STORED_REVIEW: Json = {
  type: 'object',
  properties: {
    businessId: record.businessId,
    authorName: record.author.properties?.name ?? {},
    rating: body.rating,
    // A rating alone is stored with empty text.
    text: { ...body.text, default: '' },
    visitDate: body.visitDate,
    reply: { ...record.reply, properties: { ...record.reply.properties, text: presentProperties(reviewReplyBodySchema).text } },
    hidden: presentProperties(reviewModerationBodySchema).hidden,
    moderation: {
      type: 'array',
      items: { ...moderationEntry, properties: { ...moderationEntry.properties, reason: presentProperties(reviewModerationBodySchema).reason } },
    },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  },
  required: ['businessId', 'authorName', 'rating', 'hidden', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping and the author's account (readers see its name, never its id).
  storageOnly: ['_id', 'webhookOutbox', 'writeMarks', 'environment', 'authorId', 'version'],
  // Admins alone read the moderation trail; every review holds one, empty until moderated.
  alwaysStored: ['moderation'],
};

const DDL = ddlOf(storeMigrations);

describe('the stored review and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_REVIEW, reviewSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'reviews');
    expect(columns.map((column) => column.path)).toEqual(['environment', 'businessId', 'authorId', 'rating', 'hidden', 'version', 'createdAt']);
    expect(columnDifferences(columns, reviewSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = reviewSchema.clone();
    drifted.path('rating', { ...reviewSchema.path('rating').options, max: 10 });
    drifted.path('language', { type: String });
    expect(storedShapeDifferences(STORED_REVIEW, drifted, RULES)).toEqual(['rating: maximum is 5 in the API, 10 stored', "language: stored, not in the API's schemas"]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'reviews').map((column) => (column.name === 'hidden' ? { ...column, type: 'TEXT', notNull: false } : column));
    expect(columnDifferences(drifted, reviewSchema)).toEqual([
      'hidden: TEXT column of a Boolean field (hidden)',
      'hidden: nullable column of an always stored field (hidden)',
    ]);
  });
});

// A stored media record has one shape: its mongoose schema (adapters/mongo/schemas/mediaSchema.ts)
// states every field, type, enum and bound the API's JSON Schemas state for it (the upload's form
// fields for what the client writes, the uploaded record for what the server writes), and the
// SQLite table's generated column reads a field of that record with its type and requiredness.
import { mediaSchema } from '../../../src/adapters/mongo/schemas/mediaSchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { mediaUploadFieldsSchema } from '../../../src/schemas/endpoints/media';
import { mediaUploadedSchema } from '../../../src/schemas/responses/records';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(mediaUploadedSchema);
const fields = presentProperties(mediaUploadFieldsSchema);

const STORED_MEDIA: Json = {
  type: 'object',
  properties: {
    businessId: record.businessId,
    type: fields.type,
    contentType: record.contentType,
    size: record.size,
    uploadedAt: record.uploadedAt,
  },
  required: ['type', 'uploadedAt'],
};

const RULES = {
  // The store's bookkeeping, the uploading account, the file's key in media storage (the API shows
  // the url it is served at) and when it was deleted (its record stays; its url answers 404).
  storageOnly: ['_id', 'webhookOutbox', 'environment', 'ownerId', 'storageKey', 'deletedAt'],
  // The server always knows the profile, the sniffed content type and the size; the upload's answer
  // leaves them optional only because other media answers share it.
  alwaysStored: ['businessId', 'contentType', 'size'],
};

const DDL = ddlOf(storeMigrations);

describe('the stored media record and the API describe one record', () => {
  it('has the same fields, types, enums and bounds in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_MEDIA, mediaSchema, RULES)).toEqual([]);
  });

  it('reads a field of the record in the SQLite table\'s column, with its type and requiredness', () => {
    const columns = extractedColumns(DDL, 'media');
    expect(columns.map((column) => column.path)).toEqual(['deletedAt']);
    expect(columnDifferences(columns, mediaSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = mediaSchema.clone();
    drifted.path('type', { type: String, enum: ['photo', 'logo'], required: true });
    drifted.path('size', { type: Number, required: true, min: 0 });
    drifted.path('width', { type: Number });
    expect(storedShapeDifferences(STORED_MEDIA, drifted, RULES)).toEqual([
      'type: enum is ["logo","photo","video"] in the API, ["logo","photo"] stored',
      'size: minimum is 1 in the API, 0 stored',
      'size: whole numbers only is true in the API, false stored',
      "width: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'media').map((column) => ({ ...column, notNull: true }));
    expect(columnDifferences(drifted, mediaSchema)).toEqual(['deleted_at: NOT NULL column of a not always stored field (deletedAt)']);
  });
});

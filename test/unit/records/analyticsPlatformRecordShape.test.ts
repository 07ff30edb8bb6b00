// A stored analytics platform has one shape: its mongoose schema
// (adapters/mongo/schemas/analyticsPlatformSchema.ts) states every field, type, bound and pattern
// the API's JSON Schemas state for it (the registration body for what the admin writes, the
// platform record for what the server writes). What the API shows in another form is described as
// stored: the name (the document's _id, so it is unique). Whether it is built in is shown, not
// stored: every stored platform is a registered one. The SQLite table has plain columns, which its
// repository maps by hand (no generated columns to check).
import { analyticsPlatformSchema } from '../../../src/adapters/mongo/schemas/analyticsPlatformSchema';
import { registerPlatformBodySchema } from '../../../src/schemas/endpoints/analyticsPlatforms';
import { platformRegisteredSchema } from '../../../src/schemas/responses/analyticsEvents';
import { type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(platformRegisteredSchema);
const body = presentProperties(registerPlatformBodySchema);

const STORED_PLATFORM: Json = {
  type: 'object',
  properties: { _id: body.name, displayName: body.displayName, createdAt: record.createdAt },
  required: ['_id', 'createdAt'],
};

const RULES = {
  // The store's bookkeeping and the admin who registered it.
  storageOnly: ['writeMarks', 'createdBy'],
  // Registered without a display name, it is stored with the name.
  alwaysStored: ['displayName'],
};

describe('the stored analytics platform and the API describe one record', () => {
  it('has the same fields, types, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_PLATFORM, analyticsPlatformSchema, RULES)).toEqual([]);
  });

  it('finds a stored bound, pattern or field that drifts from the API', () => {
    const drifted = analyticsPlatformSchema.clone();
    drifted.path('_id', { type: String, required: true, minlength: 1 });
    drifted.path('url', { type: String });
    expect(storedShapeDifferences(STORED_PLATFORM, drifted, RULES)).toEqual([
      '_id: minLength is undefined in the API, 1 stored',
      '_id: maxLength is 32 in the API, undefined stored',
      '_id: pattern is "^[a-z][a-z0-9_]{1,31}$" in the API, undefined stored',
      "url: stored, not in the API's schemas",
    ]);
  });
});

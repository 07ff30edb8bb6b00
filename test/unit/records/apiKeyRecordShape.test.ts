// A stored API key has one shape: its mongoose schema (adapters/mongo/schemas/apiKeySchema.ts)
// states every field, type, enum, bound and pattern the API's JSON Schemas state for it (the
// creation body for what the client writes, the key record for what the server writes), and the
// SQLite table's generated columns read fields of that record with their type and requiredness.
// The key's prefix is shown, not stored: it follows from the environment (sk_test_, sk_live_).
import { apiKeySchema } from '../../../src/adapters/mongo/schemas/apiKeySchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { createApiKeyBodySchema } from '../../../src/schemas/endpoints/apiKeys';
import { apiKeySchema as apiKeyRecordSchema } from '../../../src/schemas/responses/account';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(apiKeyRecordSchema);
const body = presentProperties(createApiKeyBodySchema);

const STORED_API_KEY: Json = {
  type: 'object',
  properties: {
    name: body.name,
    environment: body.environment,
    scopes: body.scopes,
    last4: record.last4,
    platform: body.platform,
    createdAt: record.createdAt,
    revokedAt: record.revokedAt,
    lastUsedAt: record.lastUsedAt,
  },
  required: ['name', 'environment', 'createdAt', 'last4'],
};

const RULES = {
  // The store's bookkeeping, the owning account and the key's SHA-256 (the key itself is never stored).
  storageOnly: ['_id', 'accountId', 'hash'],
  // A key created without scopes is stored with the default ones.
  alwaysStored: ['scopes'],
};

const DDL = ddlOf(storeMigrations);

describe('the stored API key and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_API_KEY, apiKeySchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'api_keys');
    expect(columns.map((column) => column.path)).toEqual(['accountId', 'hash', 'createdAt', 'revokedAt']);
    expect(columnDifferences(columns, apiKeySchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = apiKeySchema.clone();
    drifted.path('scopes', { type: [{ type: String, enum: ['read:businesses'] }], required: true });
    drifted.path('platform', { type: String, maxlength: 64 });
    drifted.path('expiresAt', { type: String });
    expect(storedShapeDifferences(STORED_API_KEY, drifted, RULES)).toEqual([
      'scopes[]: enum is ["read:analytics","read:bookings","read:businesses","read:reviews","write:bookings","write:businesses","write:reviews"] in the API, ["read:businesses"] stored',
      'platform: minLength is 2 in the API, undefined stored',
      'platform: maxLength is 32 in the API, 64 stored',
      "expiresAt: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'api_keys').map((column) => (column.name === 'revoked_at' ? { ...column, type: 'INTEGER', notNull: true } : column));
    expect(columnDifferences(drifted, apiKeySchema)).toEqual([
      'revoked_at: INTEGER column of a String field (revokedAt)',
      'revoked_at: NOT NULL column of a not always stored field (revokedAt)',
    ]);
  });
});

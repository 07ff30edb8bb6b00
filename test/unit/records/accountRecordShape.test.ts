// A stored account has one shape: its mongoose schema (adapters/mongo/schemas/accountSchema.ts)
// states every field, type, enum, bound and pattern the API's JSON Schemas state for it (the
// registration body for what the person writes, the admin's account update for the custom limits,
// the account record for what the server writes), and the SQLite table's generated column reads a
// field of that record with its type and requiredness.
import { accountSchema } from '../../../src/adapters/mongo/schemas/accountSchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { registerBodySchema } from '../../../src/schemas/endpoints/auth';
import { updateAccountBodySchema } from '../../../src/schemas/endpoints/admin';
import { accountSchema as accountRecordSchema } from '../../../src/schemas/responses/account';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(accountRecordSchema);
const body = presentProperties(registerBodySchema);

const STORED_ACCOUNT: Json = {
  type: 'object',
  properties: {
    email: body.email,
    name: body.name,
    plan: record.plan,
    role: record.role,
    suspended: record.suspended,
    customLimits: presentProperties(updateAccountBodySchema).customLimits,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  },
  required: ['email', 'name', 'plan', 'role', 'suspended', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping, the lower-cased email that keeps emails unique, and the password's hash (never shown).
  storageOnly: ['_id', 'writeMarks', 'emailKey', 'passwordHash'],
  alwaysStored: [],
};

const DDL = ddlOf(storeMigrations);

describe('the stored account and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_ACCOUNT, accountSchema, RULES)).toEqual([]);
  });

  it('reads a field of the record in the SQLite table\'s column, with its type and requiredness', () => {
    const columns = extractedColumns(DDL, 'accounts');
    expect(columns.map((column) => column.path)).toEqual(['role']);
    expect(columnDifferences(columns, accountSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = accountSchema.clone();
    drifted.path('role', { type: String, enum: ['user', 'admin', 'support'], required: true });
    drifted.path('email', { type: String, required: true, maxlength: 320 });
    drifted.path('partner', { type: Boolean });
    expect(storedShapeDifferences(STORED_ACCOUNT, drifted, RULES)).toEqual([
      'email: maxLength is 254 in the API, 320 stored',
      'role: enum is ["admin","user"] in the API, ["admin","support","user"] stored',
      "partner: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'accounts').map((column) => ({ ...column, type: 'INTEGER' }));
    expect(columnDifferences(drifted, accountSchema)).toEqual(['role: INTEGER column of a String field (role)']);
  });
});

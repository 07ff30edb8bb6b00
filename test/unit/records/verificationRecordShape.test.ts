// A stored verification request has one shape: its mongoose schema
// (adapters/mongo/schemas/verificationSchema.ts) states every field, type, enum, bound and pattern
// the API's JSON Schemas state for it (the request body for what the owner writes, the decision
// body for the admin's note, the verification record for what the server writes), and the SQLite
// table's generated columns read fields of that record with their type and requiredness. What the
// API shows in another form is described as stored: when it was requested (stored as createdAt).
// The estimated review time is shown, not stored: it follows from the level.
import { verificationSchema } from '../../../src/adapters/mongo/schemas/verificationSchema';
import { storeMigrations } from '../../../src/adapters/sqlite/store/schema';
import { verificationDecisionBodySchema } from '../../../src/schemas/endpoints/admin';
import { requestVerificationBodySchema } from '../../../src/schemas/endpoints/verification';
import { verificationRecordSchema } from '../../../src/schemas/responses/records';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(verificationRecordSchema);
const body = presentProperties(requestVerificationBodySchema);

const STORED_VERIFICATION: Json = {
  type: 'object',
  properties: {
    businessId: record.businessId,
    environment: record.environment,
    level: body.level,
    documents: body.documents,
    status: record.status,
    createdAt: record.requestedAt,
    decidedAt: record.decidedAt,
    decisionNote: presentProperties(verificationDecisionBodySchema).note,
  },
  required: ['businessId', 'environment', 'level', 'status', 'createdAt'],
};

const RULES = {
  // The store's bookkeeping, the requesting account and the deciding admin (never shown).
  storageOnly: ['_id', 'webhookOutbox', 'writeMarks', 'accountId', 'decidedBy'],
  // A request without documents is stored with an empty list.
  alwaysStored: ['documents'],
};

const DDL = ddlOf(storeMigrations);

describe('the stored verification request and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_VERIFICATION, verificationSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'verifications');
    expect(columns.map((column) => column.path)).toEqual(['environment', 'businessId', 'status', 'createdAt']);
    expect(columnDifferences(columns, verificationSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = verificationSchema.clone();
    drifted.path('level', { type: String, enum: ['basic', 'verified', 'premium', 'certified', 'gold'], required: true });
    drifted.path('documents', { type: [String], required: true });
    drifted.path('reviewer', { type: String });
    expect(storedShapeDifferences(STORED_VERIFICATION, drifted, RULES)).toEqual([
      'level: enum is ["basic","certified","premium","verified"] in the API, ["basic","certified","gold","premium","verified"] stored',
      'documents[]: maxLength is 2048 in the API, undefined stored',
      'documents[]: pattern is "^https:\\\\/\\\\/[^/?#\\\\s]+" in the API, undefined stored',
      "reviewer: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'verifications').map((column) => (column.name === 'status' ? { ...column, notNull: false } : column));
    expect(columnDifferences(drifted, verificationSchema)).toEqual(['status: nullable column of an always stored field (status)']);
  });
});

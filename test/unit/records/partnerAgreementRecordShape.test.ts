// A stored partner agreement has one shape: its mongoose schema
// (adapters/mongo/schemas/partnerAgreementSchema.ts) states every field, type, enum, bound and
// pattern the API's JSON Schemas state for it (the creation body for what the admin writes, the
// agreement record for what the server writes), and the SQLite table's generated columns read
// fields of that record with their type and requiredness. Its state today (in_force, scheduled,
// expired...) is shown, not stored: it follows from the status and the dates.
import { partnerAgreementSchema } from '../../../src/adapters/mongo/schemas/partnerAgreementSchema';
import { partnerAgreementMigrations } from '../../../src/adapters/sqlite/store/partnerAgreementRepository';
import { createPartnerAgreementBodySchema } from '../../../src/schemas/endpoints/partnerAgreements';
import { partnerAgreementSchema as partnerAgreementRecordSchema } from '../../../src/schemas/responses/partnerAgreements';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(partnerAgreementRecordSchema);
const body = presentProperties(createPartnerAgreementBodySchema);

const STORED_PARTNER_AGREEMENT: Json = {
  type: 'object',
  properties: {
    accountId: body.accountId,
    partnerName: body.partnerName,
    platform: body.platform,
    areas: body.areas,
    startDate: body.startDate,
    endDate: body.endDate,
    // Created active or suspended; an update may terminate it.
    status: record.status,
    note: body.note,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  },
  required: ['accountId', 'partnerName', 'platform', 'areas', 'startDate', 'status', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping.
  storageOnly: ['_id', 'writeMarks'],
  alwaysStored: [],
};

const DDL = ddlOf(partnerAgreementMigrations);

describe('the stored partner agreement and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_PARTNER_AGREEMENT, partnerAgreementSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'partner_agreements');
    expect(columns.map((column) => column.path)).toEqual(['accountId', 'status', 'createdAt']);
    expect(columnDifferences(columns, partnerAgreementSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = partnerAgreementSchema.clone();
    drifted.path('status', { type: String, enum: ['active', 'suspended'], required: true });
    drifted.path('endDate', { type: String, match: /^\d{4}-\d{2}-\d{2}$/ });
    drifted.path('fee', { type: Number });
    expect(storedShapeDifferences(STORED_PARTNER_AGREEMENT, drifted, RULES)).toEqual([
      'endDate: maxLength is 10 in the API, undefined stored',
      'endDate: pattern is undefined in the API, "^\\\\d{4}-\\\\d{2}-\\\\d{2}$" stored',
      'status: enum is ["active","suspended","terminated"] in the API, ["active","suspended"] stored',
      "fee: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'partner_agreements').map((column) => (column.name === 'account_id' ? { ...column, path: 'account' } : column));
    expect(columnDifferences(drifted, partnerAgreementSchema)).toEqual(['account_id: reads account, which the record does not have']);
  });
});

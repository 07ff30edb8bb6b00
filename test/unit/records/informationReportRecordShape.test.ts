// A stored information report has one shape: its mongoose schema
// (adapters/mongo/schemas/informationReportSchema.ts) states every field, type, enum, bound and
// pattern the API's JSON Schemas state for it (the report body for what the reporter writes, the
// answer body for the owner's note, the report record for what the server writes), and the SQLite
// table's generated columns read fields of that record with their type and requiredness.
import { informationReportSchema } from '../../../src/adapters/mongo/schemas/informationReportSchema';
import { informationReportMigrations } from '../../../src/adapters/sqlite/store/informationReportRepository';
import { informationReportAnswerBodySchema, informationReportBodySchema } from '../../../src/schemas/endpoints/informationReports';
import { informationReportSchema as informationReportRecordSchema } from '../../../src/schemas/responses/informationReports';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(informationReportRecordSchema);
const body = presentProperties(informationReportBodySchema);

const STORED_INFORMATION_REPORT: Json = {
  type: 'object',
  properties: {
    businessId: record.businessId,
    kind: body.kind,
    details: body.details,
    status: record.status,
    answer: { ...record.answer, properties: { ...record.answer.properties, note: presentProperties(informationReportAnswerBodySchema).note } },
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  },
  required: ['businessId', 'kind', 'status', 'createdAt', 'updatedAt'],
};

const RULES = {
  // The store's bookkeeping, who reported (never shown: owners do not learn who reported them) and
  // the key that keeps one open report per reporter, business and kind.
  storageOnly: ['_id', 'environment', 'reporter', 'openKey'],
  alwaysStored: [],
};

const DDL = ddlOf(informationReportMigrations);

describe('the stored information report and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_INFORMATION_REPORT, informationReportSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'information_reports');
    expect(columns.map((column) => column.path)).toEqual(['environment', 'businessId', 'reporter', 'openKey', 'status', 'createdAt']);
    expect(columnDifferences(columns, informationReportSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = informationReportSchema.clone();
    drifted.path('status', { type: String, enum: ['open', 'fixed'], required: true });
    drifted.path('details', { ...informationReportSchema.path('details').options, minlength: 10 });
    drifted.path('severity', { type: Number });
    expect(storedShapeDifferences(STORED_INFORMATION_REPORT, drifted, RULES)).toEqual([
      'details: minLength is 1 in the API, 10 stored',
      'status: enum is ["dismissed","fixed","open"] in the API, ["fixed","open"] stored',
      "severity: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'information_reports').map((column) => (column.name === 'status' ? { ...column, path: 'state' } : column));
    expect(columnDifferences(drifted, informationReportSchema)).toEqual(['status: reads state, which the record does not have']);
  });
});

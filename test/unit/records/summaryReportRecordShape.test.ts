// A stored summary report has one shape: its mongoose schema (adapters/mongo/schemas/summaryReportSchema.ts)
// states every field, type, enum, bound and pattern the API's JSON Schemas state for it (the report
// body for what the reporter writes, the report record for what the server writes), and the SQLite
// table's generated columns read fields of that record with their type and requiredness.
import { summaryReportSchema } from '../../../src/adapters/mongo/schemas/summaryReportSchema';
import { summaryReportMigrations } from '../../../src/adapters/sqlite/store/summaryReportRepository';
import { summaryReportBodySchema } from '../../../src/schemas/endpoints/summaryReports';
import { summaryReportSchema as summaryReportRecordSchema } from '../../../src/schemas/responses/summaryReports';
import { columnDifferences, ddlOf, extractedColumns, type Json, presentProperties, storedShapeDifferences } from '../../support/storedShape';

const record = presentProperties(summaryReportRecordSchema);
const body = presentProperties(summaryReportBodySchema);

const STORED_SUMMARY_REPORT: Json = {
  type: 'object',
  properties: {
    requestId: record.requestId,
    businessIds: record.businessIds,
    reason: body.reason,
    details: body.details,
    // The summary as the reporter quoted it is kept with the rules it was sent with.
    summary: { ...record.summary, properties: { ...record.summary.properties, text: body.summary } },
    reporterAccountId: record.reporterAccountId,
    createdAt: record.createdAt,
  },
  required: ['requestId', 'businessIds', 'reason', 'summary', 'createdAt'],
};

const RULES = {
  // The store's bookkeeping.
  storageOnly: ['_id', 'environment'],
  // Only admins are shown who reported; every report names its reporter (one report per caller per answer).
  alwaysStored: ['reporterAccountId'],
};

const DDL = ddlOf(summaryReportMigrations);

describe('the stored summary report and the API describe one record', () => {
  it('has the same fields, types, enums, bounds and patterns in the mongoose schema as in the JSON Schemas', () => {
    expect(storedShapeDifferences(STORED_SUMMARY_REPORT, summaryReportSchema, RULES)).toEqual([]);
  });

  it('reads fields of the record in the SQLite table\'s columns, with their type and requiredness', () => {
    const columns = extractedColumns(DDL, 'summary_reports');
    expect(columns.map((column) => column.path)).toEqual(['environment', 'requestId', 'reporterAccountId', 'createdAt']);
    expect(columnDifferences(columns, summaryReportSchema)).toEqual([]);
  });

  it('finds a stored enum, bound or field that drifts from the API', () => {
    const drifted = summaryReportSchema.clone();
    drifted.path('reason', { type: String, enum: ['inaccurate', 'other'], required: true });
    drifted.path('details', { ...summaryReportSchema.path('details').options, maxlength: 5000 });
    drifted.path('score', { type: Number });
    expect(storedShapeDifferences(STORED_SUMMARY_REPORT, drifted, RULES)).toEqual([
      'reason: enum is ["inaccurate","not_relevant","offensive","other","outdated"] in the API, ["inaccurate","other"] stored',
      'details: maxLength is 1000 in the API, 5000 stored',
      "score: stored, not in the API's schemas",
    ]);
  });

  it('finds a column whose type or NOT NULL differs from the field it reads', () => {
    const drifted = extractedColumns(DDL, 'summary_reports').map((column) => (column.name === 'request_id' ? { ...column, type: 'INTEGER', notNull: false } : column));
    expect(columnDifferences(drifted, summaryReportSchema)).toEqual([
      'request_id: INTEGER column of a String field (requestId)',
      'request_id: nullable column of an always stored field (requestId)',
    ]);
  });
});

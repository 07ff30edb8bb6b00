// Reports of wrong summaries on SQLite. Its own migration component, so the tables join
// an existing store file without touching the store's numbered steps. Each report is a JSON
// document; the businesses its summary named get a row each, so an owner's list is an index range.
import type { SummaryReport } from '../../../domain/summaries/summaryReport';
import type { SummaryReportFilter, SummaryReportRepository } from '../../../ports/summaryReports';
import { pageSize, toListPage } from '../../keysetPage';
import type { Migration, SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import type { Synchronous } from './synchronous';

export const SUMMARY_REPORTS_COMPONENT = 'summary_reports';

export const summaryReportMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'summary reports',
    up: `
CREATE TABLE summary_reports (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  request_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.requestId')) VIRTUAL NOT NULL,
  reporter TEXT GENERATED ALWAYS AS (json_extract(doc, '$.reporterAccountId')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE UNIQUE INDEX summary_reports_one_per_answer ON summary_reports (environment, request_id, reporter);
CREATE INDEX summary_reports_listed ON summary_reports (environment, created_at, id);
CREATE INDEX summary_reports_by_reporter ON summary_reports (reporter, created_at);
CREATE TABLE summary_report_businesses (
  report_id TEXT NOT NULL REFERENCES summary_reports (id),
  environment TEXT NOT NULL,
  business_id TEXT NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (report_id, business_id)
);
CREATE INDEX summary_report_businesses_listed ON summary_report_businesses (environment, business_id, created_at, report_id);
`,
  },
];

interface DocRow {
  doc: string;
}

const read = (row: DocRow): SummaryReport => JSON.parse(row.doc) as SummaryReport;

export function createSummaryReportRepository(db: SqliteDatabase): Synchronous<SummaryReportRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO summary_reports (id, doc) VALUES (?, ?)');
  const insertBusiness = db.prepare<[string, string, string, string]>(
    'INSERT OR IGNORE INTO summary_report_businesses (report_id, environment, business_id, created_at) VALUES (?, ?, ?, ?)',
  );
  const earlier = db.prepare<[string, string, string], DocRow>('SELECT doc FROM summary_reports WHERE environment = ? AND request_id = ? AND reporter = ?');
  const allPage = db.prepare<[Record<string, unknown>], DocRow>(
    'SELECT doc FROM summary_reports WHERE environment = @environment AND (created_at, id) > (@afterCreatedAt, @afterId) ORDER BY created_at, id LIMIT @limit',
  );
  const allCount = db.prepare<[Record<string, unknown>], { n: number }>('SELECT count(*) AS n FROM summary_reports WHERE environment = @environment');
  const businessPage = db.prepare<[Record<string, unknown>], DocRow>(
    `SELECT r.doc FROM summary_report_businesses b JOIN summary_reports r ON r.id = b.report_id
     WHERE b.environment = @environment AND b.business_id = @businessId AND (b.created_at, b.report_id) > (@afterCreatedAt, @afterId)
     ORDER BY b.created_at, b.report_id LIMIT @limit`,
  );
  const businessCount = db.prepare<[Record<string, unknown>], { n: number }>(
    'SELECT count(*) AS n FROM summary_report_businesses WHERE environment = @environment AND business_id = @businessId',
  );
  const made = db.prepare<[string, string], { count: number; oldest: string | null }>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM summary_reports WHERE reporter = ? AND created_at >= ?',
  );

  const store = db.transaction((report: SummaryReport) => {
    insert.run(report.id, JSON.stringify(report));
    for (const businessId of report.businessIds) insertBusiness.run(report.id, report.environment, businessId, report.createdAt);
  });

  return {
    create(report) {
      try {
        store.immediate(report);
        return { report: structuredClone(report), created: true };
      } catch (error) {
        if (!isUniqueViolation(error, 'summary_reports', ['environment', 'request_id', 'reporter'])) throw error;
        return { report: read(earlier.get(report.environment, report.requestId, report.reporterAccountId)!), created: false };
      }
    },
    page(filter: SummaryReportFilter, options) {
      const size = pageSize(options);
      const params = { environment: filter.environment, businessId: filter.businessId ?? null, afterCreatedAt: options.after?.createdAt ?? '', afterId: options.after?.id ?? '', limit: size + 1 };
      const rows = filter.businessId === undefined ? allPage.all(params) : businessPage.all(params);
      const total = (filter.businessId === undefined ? allCount : businessCount).get(params)!.n;
      return toListPage(rows.map(read), size, total);
    },
    madeSince(reporterAccountId, since) {
      const { count, oldest } = made.get(reporterAccountId, since)!;
      return { count, ...(oldest !== null && { oldest }) };
    },
  };
}

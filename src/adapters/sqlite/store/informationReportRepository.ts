// Reports that a business closed or that its information is wrong, on SQLite. Its own migration
// component, so the table joins an existing store file without touching the store's numbered steps.
// Each report is a JSON document; the unique open key keeps one open report per reporter, business and kind.
import type { InformationReport } from '../../../domain/freshness/informationReport';
import type { InformationReportFilter, InformationReportRepository } from '../../../ports/informationReports';
import { pageSize, toListPage } from '../../keysetPage';
import type { Migration, SqliteDatabase } from '../openDatabase';
import { isUniqueViolation } from './uniqueViolation';
import type { Synchronous } from './synchronous';

export const INFORMATION_REPORTS_COMPONENT = 'information_reports';

export const informationReportMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'information reports',
    up: `
CREATE TABLE information_reports (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  business_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.businessId')) VIRTUAL NOT NULL,
  reporter TEXT GENERATED ALWAYS AS (json_extract(doc, '$.reporter')) VIRTUAL NOT NULL,
  open_key TEXT GENERATED ALWAYS AS (json_extract(doc, '$.openKey')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE UNIQUE INDEX information_reports_open_key ON information_reports (open_key);
CREATE INDEX information_reports_listed ON information_reports (environment, business_id, created_at, id);
CREATE INDEX information_reports_by_reporter ON information_reports (reporter, created_at);
`,
  },
];

interface DocRow {
  doc: string;
}

const read = (row: DocRow): InformationReport => JSON.parse(row.doc) as InformationReport;

export function createInformationReportRepository(db: SqliteDatabase): Synchronous<InformationReportRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO information_reports (id, doc) VALUES (?, ?)');
  const update = db.prepare<[string, string, string]>('UPDATE information_reports SET doc = ? WHERE id = ? AND environment = ?');
  const byOpenKey = db.prepare<[string], DocRow>('SELECT doc FROM information_reports WHERE open_key = ?');
  const byId = db.prepare<[string, string, string], DocRow>('SELECT doc FROM information_reports WHERE id = ? AND environment = ? AND business_id = ?');
  const listed = db.prepare<[Record<string, unknown>], DocRow>(
    `SELECT doc FROM information_reports
     WHERE environment = @environment AND business_id = @businessId AND (@status IS NULL OR status = @status) AND (created_at, id) > (@afterCreatedAt, @afterId)
     ORDER BY created_at, id LIMIT @limit`,
  );
  const counted = db.prepare<[Record<string, unknown>], { n: number }>(
    'SELECT count(*) AS n FROM information_reports WHERE environment = @environment AND business_id = @businessId AND (@status IS NULL OR status = @status)',
  );
  const made = db.prepare<[string, string], { count: number; oldest: string | null }>(
    'SELECT count(*) AS count, min(created_at) AS oldest FROM information_reports WHERE reporter = ? AND created_at >= ?',
  );

  return {
    create(report) {
      try {
        insert.run(report.id, JSON.stringify(report));
        return { report: structuredClone(report), created: true };
      } catch (error) {
        if (!isUniqueViolation(error, 'information_reports', ['open_key'])) throw error;
        return { report: read(byOpenKey.get(report.openKey)!), created: false };
      }
    },
    get(environment, businessId, id) {
      const row = byId.get(id, environment, businessId);
      return row && read(row);
    },
    replace(report) {
      return update.run(JSON.stringify(report), report.id, report.environment).changes === 1 ? structuredClone(report) : undefined;
    },
    page(filter: InformationReportFilter, options) {
      const size = pageSize(options);
      const params = { environment: filter.environment, businessId: filter.businessId, status: filter.status ?? null, afterCreatedAt: options.after?.createdAt ?? '', afterId: options.after?.id ?? '', limit: size + 1 };
      return toListPage(listed.all(params).map(read), size, counted.get(params)!.n);
    },
    madeSince(reporter, since) {
      const { count, oldest } = made.get(reporter, since)!;
      return { count, ...(oldest !== null && { oldest }) };
    },
  };
}

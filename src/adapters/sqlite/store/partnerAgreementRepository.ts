// Partnership agreements on SQLite. Its own migration component, so the table joins an
// existing store file without touching the store's numbered steps. Step 1 also turns each account's
// old `partner: true` flag into an open-ended agreement for both areas (platform `other`, named after
// the account, starting the day the account was created) and drops the flag from every account:
// whoever had partner access keeps it, now as a record an admin can suspend or end.
import { type AgreementStatus, MIGRATED_FLAG_NOTE, type PartnerAgreement } from '../../../domain/partnerAgreement';
import type { PartnerAgreementFilter, PartnerAgreementRepository } from '../../../ports/partnerAgreements';
import { pageSize, toListPage } from '../../keysetPage';
import type { Migration, SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

export const PARTNER_AGREEMENTS_COMPONENT = 'partner_agreements';

export const partnerAgreementMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'partner agreements, from the partner flags',
    up: `
CREATE TABLE partner_agreements (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  account_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.accountId')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE INDEX partner_agreements_account ON partner_agreements (account_id, created_at, id);
CREATE INDEX partner_agreements_created ON partner_agreements (created_at, id);

INSERT INTO partner_agreements (id, doc)
SELECT 'pag_' || substr(id, 6), json_object(
  'id', 'pag_' || substr(id, 6),
  'accountId', id,
  'partnerName', json_extract(doc, '$.name'),
  'platform', 'other',
  'areas', json_array('partner_search', 'event_ingestion'),
  'startDate', substr(json_extract(doc, '$.createdAt'), 1, 10),
  'status', 'active',
  'note', '${MIGRATED_FLAG_NOTE}',
  'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  'updatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
FROM accounts WHERE json_extract(doc, '$.partner') = 1;

UPDATE accounts SET doc = json_remove(doc, '$.partner') WHERE json_type(doc, '$.partner') IS NOT NULL;
`,
  },
];

interface DocRow {
  doc: string;
}

const read = (row: DocRow | undefined): PartnerAgreement | null => (row ? (JSON.parse(row.doc) as PartnerAgreement) : null);

export function createPartnerAgreementRepository(db: SqliteDatabase): Synchronous<PartnerAgreementRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO partner_agreements (id, doc) VALUES (?, ?)');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM partner_agreements WHERE id = ?');
  const byAccount = db.prepare<[string], DocRow>('SELECT doc FROM partner_agreements WHERE account_id = ? ORDER BY created_at, id');
  const write = db.prepare<[string, string]>('UPDATE partner_agreements SET doc = ? WHERE id = ?');
  // Optional filters as "? IS NULL OR column = ?": one prepared statement for every combination.
  const where = '(@accountId IS NULL OR account_id = @accountId) AND (@status IS NULL OR status = @status)';
  const pageRows = db.prepare<[Record<string, unknown>], DocRow>(
    `SELECT doc FROM partner_agreements WHERE ${where} AND (created_at, id) > (@afterCreatedAt, @afterId) ORDER BY created_at, id LIMIT @limit`,
  );
  const count = db.prepare<[Record<string, unknown>], { n: number }>(`SELECT count(*) AS n FROM partner_agreements WHERE ${where}`);

  // Read-check-write in one IMMEDIATE transaction: the status guard and the write cannot be split.
  const update = db.transaction((id: string, patch: Record<string, unknown>, at: string, fromStatuses: readonly AgreementStatus[]) => {
    const current = read(byId.get(id));
    if (!current || !fromStatuses.includes(current.status)) return null;
    const next: Record<string, unknown> = { ...current, updatedAt: at };
    for (const [field, value] of Object.entries(patch)) {
      if (value === null) delete next[field];
      else if (value !== undefined) next[field] = value;
    }
    write.run(JSON.stringify(next), id);
    return next as unknown as PartnerAgreement; // the stored agreement with the patch's fields set or (null) removed
  });

  const filterParams = (filter: PartnerAgreementFilter) => ({ accountId: filter.accountId ?? null, status: filter.status ?? null });

  return {
    create(agreement) {
      const doc = JSON.stringify(agreement);
      insert.run(agreement.id, doc);
      return JSON.parse(doc) as PartnerAgreement;
    },
    get(id) {
      return read(byId.get(id));
    },
    listByAccount(accountId) {
      return byAccount.all(accountId).map((row) => JSON.parse(row.doc) as PartnerAgreement);
    },
    page(filter, options) {
      const size = pageSize(options);
      const rows = pageRows.all({
        ...filterParams(filter),
        afterCreatedAt: options.after?.createdAt ?? '',
        afterId: options.after?.id ?? '',
        limit: size + 1,
      });
      return toListPage(rows.map((row) => JSON.parse(row.doc) as PartnerAgreement), size, count.get(filterParams(filter))!.n);
    },
    update(id, patch, at, fromStatuses) {
      return update.immediate(id, patch, at, fromStatuses);
    },
  };
}

// OAuthStorage on embedded SQLite: one table, the library's payload as JSON, the lookup fields
// as indexed columns. Its own component in the migrations table, so it may share the store's
// file (DATA_DIR/store.sqlite) without touching the store's schema.
import type { OAuthLookupField, OAuthPayload, OAuthRecordFilter, OAuthRecordIndex, OAuthStorage, SigningKeyStore, StoredSigningKey } from '../../../ports/oauthStorage';
import { openDatabase, runMigrations, type Migration } from '../openDatabase';

const COMPONENT = 'oauth';
const migrations: Migration[] = [
  {
    version: 1,
    name: 'oauth records',
    up: `
      CREATE TABLE oauth_records (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        payload TEXT NOT NULL,
        grant_id TEXT,
        uid TEXT,
        user_code TEXT,
        account_id TEXT,
        client_id TEXT,
        consumed_at INTEGER,
        expires_at INTEGER,
        created_seq INTEGER NOT NULL,
        PRIMARY KEY (kind, id)
      );
      CREATE INDEX oauth_records_grant ON oauth_records (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oauth_records_uid ON oauth_records (kind, uid) WHERE uid IS NOT NULL;
      CREATE INDEX oauth_records_user_code ON oauth_records (kind, user_code) WHERE user_code IS NOT NULL;
      CREATE INDEX oauth_records_account ON oauth_records (account_id, kind) WHERE account_id IS NOT NULL;
      CREATE INDEX oauth_records_client ON oauth_records (client_id, kind) WHERE client_id IS NOT NULL;
      CREATE INDEX oauth_records_expiry ON oauth_records (expires_at) WHERE expires_at IS NOT NULL;
    `,
  },
  {
    version: 2,
    name: 'oauth signing keys',
    up: 'CREATE TABLE oauth_signing_keys (generation INTEGER PRIMARY KEY, record TEXT NOT NULL);',
  },
];

const COLUMN: Record<keyof OAuthRecordFilter | OAuthLookupField, string> = {
  grantId: 'grant_id',
  accountId: 'account_id',
  clientId: 'client_id',
  uid: 'uid',
  userCode: 'user_code',
};

interface Row {
  payload: string;
  consumed_at: number | null;
}

// Expired rows are deleted in passing, at most this often, so the table does not grow forever.
const PRUNE_INTERVAL_MS = 60_000;

export interface SqliteOAuthStorageOptions {
  /** Database file, or ':memory:' for tests. */
  file: string;
  now?: () => number;
}

function where(filter: OAuthRecordFilter): { sql: string; values: string[] } {
  const entries = (Object.keys(COLUMN) as Array<keyof typeof COLUMN>)
    .filter((field): field is keyof OAuthRecordFilter => field in filter && (filter as Record<string, unknown>)[field] !== undefined);
  if (entries.length === 0) throw new Error('an OAuth record filter needs at least one field');
  return { sql: entries.map((field) => `${COLUMN[field]} = ?`).join(' AND '), values: entries.map((field) => filter[field] as string) };
}

function payloadOf(row: Row | undefined): OAuthPayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as OAuthPayload;
  if (row.consumed_at !== null) payload.consumed = row.consumed_at;
  return payload;
}

export function createSqliteOAuthStorage(options: SqliteOAuthStorageOptions): OAuthStorage {
  const db = openDatabase({ file: options.file });
  runMigrations(db, COMPONENT, migrations);
  const now = options.now ?? Date.now;
  let seq = 0;
  let lastPrune = 0;
  const live = '(expires_at IS NULL OR expires_at > ?)';
  const upsert = db.prepare(`
    INSERT INTO oauth_records (kind, id, payload, grant_id, uid, user_code, account_id, client_id, consumed_at, expires_at, created_seq)
    VALUES (@kind, @id, @payload, @grantId, @uid, @userCode, @accountId, @clientId, NULL, @expiresAt, @seq)
    ON CONFLICT (kind, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
      user_code = excluded.user_code, account_id = excluded.account_id, client_id = excluded.client_id, expires_at = excluded.expires_at`);
  const find = db.prepare(`SELECT payload, consumed_at FROM oauth_records WHERE kind = ? AND id = ? AND ${live}`);
  const consume = db.prepare('UPDATE oauth_records SET consumed_at = ? WHERE kind = ? AND id = ? AND consumed_at IS NULL');
  const destroy = db.prepare('DELETE FROM oauth_records WHERE kind = ? AND id = ?');
  const prune = db.prepare('DELETE FROM oauth_records WHERE expires_at IS NOT NULL AND expires_at <= ?');
  let closed = false;
  const insertKey = db.prepare('INSERT OR IGNORE INTO oauth_signing_keys (generation, record) VALUES (?, ?)');
  const listKeys = db.prepare('SELECT record FROM oauth_signing_keys ORDER BY generation');
  const removeKey = db.prepare('DELETE FROM oauth_signing_keys WHERE generation = ?');
  const signingKeys: SigningKeyStore = {
    async list() {
      return (listKeys.all() as Array<{ record: string }>).map((row) => JSON.parse(row.record) as StoredSigningKey);
    },
    async insert(key) {
      return insertKey.run(key.generation, JSON.stringify(key)).changes === 1;
    },
    async remove(generation) {
      removeKey.run(generation);
    },
  };

  return {
    signingKeys,
    async upsert(kind, id, payload, index: OAuthRecordIndex, expiresAt) {
      const at = now();
      if (at - lastPrune >= PRUNE_INTERVAL_MS) {
        lastPrune = at;
        prune.run(at);
      }
      upsert.run({
        kind,
        id,
        payload: JSON.stringify(payload),
        grantId: index.grantId ?? null,
        uid: index.uid ?? null,
        userCode: index.userCode ?? null,
        accountId: index.accountId ?? null,
        clientId: index.clientId ?? null,
        expiresAt: expiresAt ? expiresAt.getTime() : null,
        // Orders list() by insertion when timestamps tie (same millisecond).
        seq: at * 1000 + (seq++ % 1000),
      });
    },
    async find(kind, id) {
      return payloadOf(find.get(kind, id, now()) as Row | undefined);
    },
    async findBy(kind, field, value) {
      const row = db.prepare(`SELECT payload, consumed_at FROM oauth_records WHERE kind = ? AND ${COLUMN[field]} = ? AND ${live} LIMIT 1`).get(kind, value, now());
      return payloadOf(row as Row | undefined);
    },
    async consume(kind, id, at) {
      consume.run(at, kind, id);
    },
    async destroy(kind, id) {
      destroy.run(kind, id);
    },
    async removeWhere(filter) {
      const clause = where(filter);
      return db.prepare(`DELETE FROM oauth_records WHERE ${clause.sql}`).run(...clause.values).changes;
    },
    async list(kind, filter) {
      const clause = where(filter);
      const rows = db
        .prepare(`SELECT payload, consumed_at FROM oauth_records WHERE kind = ? AND ${clause.sql} AND ${live} ORDER BY created_seq, id`)
        .all(kind, ...clause.values, now()) as Row[];
      return rows.map((row) => payloadOf(row) as OAuthPayload);
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}

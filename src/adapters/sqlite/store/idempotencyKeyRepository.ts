import type { IdempotencyKeyRecord, IdempotencyKeyRepository } from '../../../ports/idempotencyKeys';
import type { SqliteDatabase } from '../openDatabase';

type KeyParams = [string, string, string];

export function createIdempotencyKeyRepository(db: SqliteDatabase): IdempotencyKeyRepository {
  const prune = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  // Inserts, or takes over a lapsed record; `changes` is 0 when a live record holds the key.
  const claim = db.prepare<[...KeyParams, string, string]>(
    `INSERT INTO idempotency_keys (account_id, environment, key, doc) VALUES (?, ?, ?, ?)
     ON CONFLICT (account_id, environment, key) DO UPDATE SET doc = excluded.doc WHERE idempotency_keys.expires_at <= ?`,
  );
  const read = db.prepare<KeyParams, { doc: string }>('SELECT doc FROM idempotency_keys WHERE account_id = ? AND environment = ? AND key = ?');
  const complete = db.prepare<[string, string, ...KeyParams, string]>(
    `UPDATE idempotency_keys SET doc = json_set(doc, '$.response', json(?), '$.expiresAt', ?)
     WHERE account_id = ? AND environment = ? AND key = ? AND answered = 0 AND json_extract(doc, '$.claimId') = ?`,
  );
  const release = db.prepare<[...KeyParams, string]>(
    `DELETE FROM idempotency_keys WHERE account_id = ? AND environment = ? AND key = ? AND answered = 0 AND json_extract(doc, '$.claimId') = ?`,
  );

  return {
    async claim(record, now) {
      // Lapsed records go here, on the write path, instead of in a background timer.
      prune.run(now);
      const key: KeyParams = [record.accountId, record.environment, record.key];
      if (claim.run(...key, JSON.stringify(record), now).changes === 1) return null;
      const row = read.get(...key);
      return row ? (JSON.parse(row.doc) as IdempotencyKeyRecord) : null;
    },
    async complete(held, response, expiresAt) {
      complete.run(JSON.stringify(response), expiresAt, held.accountId, held.environment, held.key, held.claimId);
    },
    async release(held) {
      release.run(held.accountId, held.environment, held.key, held.claimId);
    },
  };
}

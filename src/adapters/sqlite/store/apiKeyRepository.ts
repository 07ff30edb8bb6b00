import type { ApiKeyRecord } from '../../../domain/account';
import type { ApiKeyRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

export function createApiKeyRepository(db: SqliteDatabase): Synchronous<ApiKeyRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO api_keys (id, doc) VALUES (?, ?)');
  const byHash = db.prepare<[string], DocRow>('SELECT doc FROM api_keys WHERE hash = ?');
  const byAccount = db.prepare<[string], DocRow>(
    'SELECT doc FROM api_keys WHERE account_id = ? ORDER BY created_at DESC, rowid DESC',
  );
  const ownedKey = db.prepare<[string, string], DocRow>('SELECT doc FROM api_keys WHERE id = ? AND account_id = ?');
  const revoke = db.prepare<[string, string, string]>(
    "UPDATE api_keys SET doc = json_set(doc, '$.revokedAt', ?) WHERE id = ? AND account_id = ? AND revoked_at IS NULL",
  );
  const touch = db.prepare<[string, string]>("UPDATE api_keys SET doc = json_set(doc, '$.lastUsedAt', ?) WHERE id = ?");

  const read = (row: DocRow | undefined): ApiKeyRecord | null => (row ? (JSON.parse(row.doc) as ApiKeyRecord) : null);

  return {
    create(key) {
      const doc = JSON.stringify(key);
      insert.run(key.id, doc);
      return JSON.parse(doc) as ApiKeyRecord;
    },
    findByHash(hash) {
      return read(byHash.get(hash));
    },
    listByAccount(accountId) {
      return byAccount.all(accountId).map((row) => JSON.parse(row.doc) as ApiKeyRecord);
    },
    revoke(accountId, keyId, at) {
      // A key revoked earlier keeps its first revokedAt: revoking is idempotent.
      revoke.run(at, keyId, accountId);
      return read(ownedKey.get(keyId, accountId));
    },
    touch(keyId, at) {
      touch.run(at, keyId);
    },
  };
}

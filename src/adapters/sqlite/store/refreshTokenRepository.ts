import type { RefreshTokenRecord } from '../../../domain/account';
import type { RefreshTokenRepository } from '../../../ports/store';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';

interface DocRow {
  doc: string;
}

export function createRefreshTokenRepository(db: SqliteDatabase): Synchronous<RefreshTokenRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO refresh_tokens (id, doc) VALUES (?, ?)');
  const byHash = db.prepare<[string], DocRow>('SELECT doc FROM refresh_tokens WHERE hash = ?');
  // The WHERE clause is the whole guard: of two concurrent refreshes with one token, exactly one
  // changes the row, so the other is seen as reuse.
  const markUsed = db.prepare<[string, string]>(
    "UPDATE refresh_tokens SET doc = json_set(doc, '$.usedAt', ?) WHERE id = ? AND used_at IS NULL AND revoked_at IS NULL",
  );
  const revokeFamily = db.prepare<[string, string]>(
    "UPDATE refresh_tokens SET doc = json_set(doc, '$.revokedAt', ?) WHERE family_id = ? AND revoked_at IS NULL",
  );

  return {
    create(token) {
      insert.run(token.id, JSON.stringify(token));
    },
    findByHash(hash) {
      const row = byHash.get(hash);
      return row ? (JSON.parse(row.doc) as RefreshTokenRecord) : null;
    },
    markUsed(id, at) {
      return markUsed.run(at, id).changes === 1;
    },
    revokeFamily(familyId, at) {
      revokeFamily.run(at, familyId);
    },
  };
}

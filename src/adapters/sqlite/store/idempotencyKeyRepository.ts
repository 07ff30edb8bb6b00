// Idempotency-Key records on SQLite, and the journal of a request kept in the transaction of each
// write it makes: a write and the recovery point that records it commit together or not at all,
// and neither commits once another request took the key over (the claim is checked in the same
// transaction). Claims name their holder's lease (idempotency_holders); a dead holder's claim is
// taken over by the next retry with the same request.
import type { ClaimOutcome, IdempotencyKeyRecord, IdempotencyKeyRepository } from '../../../ports/idempotencyKeys';
import { takenOver, verdictOn } from '../../idempotencyClaims';
import { journalWith, keyTakenOver, type LiveStep, type StoreJournal } from '../../storeJournal';
import type { SqliteDatabase } from '../openDatabase';

type KeyParams = [string, string, string];


export function createIdempotencyKeyRepository(db: SqliteDatabase, journal: StoreJournal): IdempotencyKeyRepository & { live: LiveStep } {
  const prune = db.prepare<[string]>('DELETE FROM idempotency_keys WHERE expires_at <= ?');
  const read = db.prepare<KeyParams, { doc: string }>('SELECT doc FROM idempotency_keys WHERE account_id = ? AND environment = ? AND key = ?');
  const insert = db.prepare<[...KeyParams, string]>('INSERT INTO idempotency_keys (account_id, environment, key, doc) VALUES (?, ?, ?, ?)');
  const replace = db.prepare<[string, ...KeyParams]>('UPDATE idempotency_keys SET doc = ? WHERE account_id = ? AND environment = ? AND key = ?');
  const holderAlive = db.prepare<[string, string], { n: number }>('SELECT COUNT(*) AS n FROM idempotency_holders WHERE id = ? AND expires_at > ?');
  const renewHolder = db.prepare<[string, string]>('INSERT INTO idempotency_holders (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET expires_at = excluded.expires_at');
  const pruneHolders = db.prepare<[string]>('DELETE FROM idempotency_holders WHERE expires_at <= ?');
  const mine = "account_id = ? AND environment = ? AND key = ? AND answered = 0 AND json_extract(doc, '$.claimId') = ?";
  const keepJournal = db.prepare<[string, ...KeyParams, string]>(`UPDATE idempotency_keys SET doc = json_set(doc, '$.journal', json(?)) WHERE ${mine}`);
  const complete = db.prepare<[string, string, ...KeyParams, string]>(
    `UPDATE idempotency_keys SET doc = json_remove(json_set(doc, '$.response', json(?), '$.expiresAt', ?), '$.journal', '$.holder') WHERE ${mine}`,
  );
  const release = db.prepare<[...KeyParams, string]>(`DELETE FROM idempotency_keys WHERE ${mine} AND json_type(doc, '$.journal') IS NULL`);
  const abandon = db.prepare<[...KeyParams, string]>(`UPDATE idempotency_keys SET doc = json_remove(doc, '$.holder') WHERE ${mine}`);
  const totalChanges = db.prepare<[], { n: number }>('SELECT total_changes() AS n');

  const claim = db.transaction((record: IdempotencyKeyRecord, now: string, staleBefore: string): ClaimOutcome => {
    // Lapsed records and leases go here, on the write path, instead of in a background timer.
    prune.run(now);
    pruneHolders.run(now);
    const key: KeyParams = [record.accountId, record.environment, record.key];
    const row = read.get(...key);
    if (!row) {
      insert.run(...key, JSON.stringify(record));
      return { taken: record };
    }
    const held = JSON.parse(row.doc) as IdempotencyKeyRecord;
    const alive = held.holder !== undefined && holderAlive.get(held.holder, now)!.n > 0;
    if (verdictOn(held, record, now, staleBefore, alive) !== 'dead holder') return { heldBy: held };
    // Taken over with what the dead holder recorded: the journal this request resumes from.
    const taken = takenOver(held, record);
    replace.run(JSON.stringify(taken), ...key);
    return { taken };
  });

  /**
   * A live step of a journaled request: the call runs in an IMMEDIATE transaction, and when it
   * wrote anything, the journal up to this call is kept with the key in the same transaction.
   */
  const live: LiveStep = (execution, index, call, run) =>
    new Promise((resolve) => {
      const { value, wrote } = db
        .transaction(() => {
          const before = totalChanges.get()!.n;
          const result = run();
          if (totalChanges.get()!.n === before) return { value: result, wrote: false };
          const { accountId, environment, key, claimId } = execution.claim;
          if (keepJournal.run(JSON.stringify(journalWith(execution, index, call, result)), accountId, environment, key, claimId).changes !== 1) throw keyTakenOver();
          return { value: result, wrote: true };
        })
        .immediate();
      if (wrote) {
        execution.wrote = true;
        execution.onWriteCommitted?.();
      }
      resolve(value as never);
    });

  const params = (held: { accountId: string; environment: string; key: string; claimId: string }): [...KeyParams, string] => [held.accountId, held.environment, held.key, held.claimId];

  return {
    live,
    async claim(record, now, staleBefore) {
      return claim.immediate(record, now, staleBefore);
    },
    journaled: (held, recovery, work) => journal.run(held, recovery, work),
    async complete(held, response, expiresAt) {
      complete.run(JSON.stringify(response), expiresAt, ...params(held));
    },
    async release(held) {
      release.run(...params(held));
    },
    async abandon(held) {
      abandon.run(...params(held));
    },
    async renewHolder(holder, expiresAt) {
      renewHolder.run(holder, expiresAt);
    },
  };
}

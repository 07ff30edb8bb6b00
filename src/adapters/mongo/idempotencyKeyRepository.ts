// Idempotency-Key records on MongoDB. Without transactions (see docs/production-engines.md), a
// request's journal is kept as recovery points around each write: before it (the journal so far,
// this call pending; refused once another request took the key over), then the write, carrying
// the call's mark (writeMarks.ts), then after it (the journal with its result). A holder that dies
// between the two leaves the call pending; the next one redoes it, and the repository that wrote
// finds its mark instead of writing again. Claims name their holder's lease (idempotency_holders).
import type { Model } from 'mongoose';
import { ConflictError, DomainError, UnavailableError } from '../../domain/errors';
import type { ClaimOutcome, IdempotencyKeyRecord, IdempotencyKeyRepository, IdempotencyScope, JournalEntry } from '../../ports/idempotencyKeys';
import { takenOver, verdictOn } from '../idempotencyClaims';
import { journalWith, keyTakenOver, type Execution, type LiveStep, type StoreJournal } from '../storeJournal';
import type { IdempotencyHolderDoc, IdempotencyKeyDoc } from './schemas/idempotencyKeySchema';
import { guard } from './translateError';
import type { WriteMarks } from './writeMarks';

// A record can vanish or change hands between the failed insert and the read (released, expired
// by the TTL monitor, taken over by another retry); the claim then simply tries again.
const CLAIM_ATTEMPTS = 3;

/** Calls that only read: they are journaled, and kept with the key at the next write. Anything else may write. */
const READS = /^(get|find|list|page|count|has|load|scan|histogram|heldSpans|madeSince|exclusiveContentInCategory|enabledEndpoints)/;

function idOf(scope: IdempotencyScope): string {
  return JSON.stringify([scope.accountId, scope.environment, scope.key]);
}

function toDoc(record: IdempotencyKeyRecord): IdempotencyKeyDoc {
  const { response, expiresAt, journal, ...rest } = record;
  return {
    _id: idOf(record),
    ...rest,
    expiresAt: new Date(expiresAt),
    ...(journal && { journal: JSON.stringify(journal) }),
    ...(response && { response: JSON.stringify(response) }),
  };
}

function fromDoc(doc: IdempotencyKeyDoc): IdempotencyKeyRecord {
  const { _id, response, expiresAt, journal, ...rest } = doc;
  return {
    ...rest,
    expiresAt: expiresAt.toISOString(),
    ...(journal !== undefined && { journal: JSON.parse(journal) as JournalEntry[] }),
    ...(response !== undefined && { response: JSON.parse(response) }),
  };
}


/** A refusal means the write did not happen; anything else (a lost answer, a bug) leaves it unknown. */
const certainlyNotWritten = (error: unknown) => error instanceof DomainError && !(error instanceof UnavailableError);

export interface MongoIdempotencyDeps {
  keys: Model<IdempotencyKeyDoc>;
  holders: Model<IdempotencyHolderDoc>;
  journal: StoreJournal;
  marks: WriteMarks;
}

export function createIdempotencyKeyRepository({ keys, holders, journal, marks }: MongoIdempotencyDeps): IdempotencyKeyRepository & { live: LiveStep } {
  const mine = (held: { claimId: string } & IdempotencyScope) => ({ _id: idOf(held), claimId: held.claimId, response: { $exists: false } });

  async function insert(doc: IdempotencyKeyDoc): Promise<boolean> {
    try {
      await guard(() => keys.create(doc));
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  /** A recovery point: the journal kept with the key, while this request still holds it. */
  async function keep(execution: Execution, entries: JournalEntry[], pendingCall: number | undefined): Promise<void> {
    const update = pendingCall === undefined ? { $set: { journal: JSON.stringify(entries) }, $unset: { pendingCall: 1 } } : { $set: { journal: JSON.stringify(entries), pendingCall } };
    const kept = await guard(() => keys.updateOne(mine(execution.claim), update));
    if (kept.matchedCount !== 1) throw keyTakenOver();
  }

  const live: LiveStep = async (execution, index, call, run) => {
    if (READS.test(call.slice(call.indexOf('.') + 1))) return run();
    await keep(execution, [...execution.entries.slice(0, index), { call }], index);
    let value;
    try {
      value = await marks.run({ mark: `${execution.mark}.${index}`, redo: index === execution.pendingCall }, async () => run());
    } catch (error) {
      // A write that may have happened stands: the key is let go, not freed, and a retry redoes it by its mark.
      if (!certainlyNotWritten(error)) execution.wrote = true;
      throw error;
    }
    execution.wrote = true;
    execution.onWriteCommitted?.();
    await keep(execution, journalWith(execution, index, call, value), undefined);
    return value;
  };

  async function takeOver(held: IdempotencyKeyDoc, record: IdempotencyKeyRecord, now: string, staleBefore: string): Promise<ClaimOutcome | undefined> {
    const current = fromDoc(held);
    const alive = current.holder !== undefined && (await guard(() => holders.exists({ _id: current.holder, expiresAt: { $gt: new Date(now) } }))) !== null;
    const verdict = verdictOn(current, record, now, staleBefore, alive);
    if (verdict === 'held') return { heldBy: current };
    // Single-document writes are atomic: of two retries replacing or taking over the same claim, one matches.
    if (verdict === 'lapsed') {
      const replaced = await guard(() => keys.replaceOne({ _id: held._id, claimId: held.claimId }, toDoc(record)));
      return replaced.matchedCount === 1 ? { taken: record } : undefined;
    }
    const taken = takenOver(current, record);
    const update = { $set: { claimId: taken.claimId, holder: taken.holder, claimedAt: taken.claimedAt } };
    const updated = await guard(() => keys.updateOne({ _id: held._id, claimId: held.claimId, response: { $exists: false } }, update));
    return updated.matchedCount === 1 ? { taken } : undefined;
  }

  return {
    live,
    async claim(record, now, staleBefore) {
      const doc = toDoc(record);
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        if (await insert(doc)) return { taken: record };
        const held = await guard(() => keys.findOne({ _id: doc._id }).lean<IdempotencyKeyDoc>());
        const outcome = held ? await takeOver(held, record, now, staleBefore) : undefined;
        if (outcome) return outcome;
      }
      throw new ConflictError('CONFLICT', 'The Idempotency-Key changed hands too often; retry');
    },
    journaled: (held, recovery, work) => journal.run(held, recovery, work),
    async complete(held, response, expiresAt) {
      await guard(() =>
        keys.updateOne(mine(held), { $set: { response: JSON.stringify(response), expiresAt: new Date(expiresAt) }, $unset: { journal: 1, holder: 1, pendingCall: 1 } }),
      );
    },
    async release(held) {
      await guard(() => keys.deleteOne(mine(held)));
    },
    async abandon(held) {
      await guard(() => keys.updateOne(mine(held), { $unset: { holder: 1 } }));
    },
    async renewHolder(holder, expiresAt) {
      await guard(() => holders.updateOne({ _id: holder }, { $set: { expiresAt: new Date(expiresAt) } }, { upsert: true }));
    },
  };
}

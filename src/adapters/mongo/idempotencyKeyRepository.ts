import type { Model } from 'mongoose';
import { ConflictError } from '../../domain/errors';
import type { IdempotencyKeyRecord, IdempotencyKeyRepository, IdempotencyScope } from '../../ports/idempotencyKeys';
import type { IdempotencyKeyDoc } from './schemas/idempotencyKeySchema';
import { guard } from './translateError';

// A record can vanish between the failed insert and the read (released, or expired by the TTL
// monitor); the claim then simply tries again.
const CLAIM_ATTEMPTS = 3;

function idOf(scope: IdempotencyScope): string {
  return JSON.stringify([scope.accountId, scope.environment, scope.key]);
}

function toDoc(record: IdempotencyKeyRecord): IdempotencyKeyDoc {
  const { response, expiresAt, ...rest } = record;
  return { _id: idOf(record), ...rest, expiresAt: new Date(expiresAt), ...(response && { response: JSON.stringify(response) }) };
}

function fromDoc(doc: IdempotencyKeyDoc): IdempotencyKeyRecord {
  const { _id, response, expiresAt, ...rest } = doc;
  return { ...rest, expiresAt: expiresAt.toISOString(), ...(response !== undefined && { response: JSON.parse(response) }) };
}

export function createIdempotencyKeyRepository(keys: Model<IdempotencyKeyDoc>): IdempotencyKeyRepository {
  async function insert(doc: IdempotencyKeyDoc): Promise<boolean> {
    try {
      await guard(() => keys.create(doc));
      return true;
    } catch (error) {
      if (error instanceof ConflictError) return false;
      throw error;
    }
  }

  return {
    async claim(record, now) {
      const doc = toDoc(record);
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
        if (await insert(doc)) return null;
        // Single-document replace is atomic: of two callers taking over a lapsed record, one matches.
        const takeover = await guard(() => keys.replaceOne({ _id: doc._id, expiresAt: { $lte: new Date(now) } }, doc));
        if (takeover.modifiedCount === 1) return null;
        const held = await guard(() => keys.findOne({ _id: doc._id }).lean<IdempotencyKeyDoc>());
        if (held) return fromDoc(held);
      }
      throw new ConflictError('CONFLICT', 'The Idempotency-Key changed hands too often; retry');
    },
    async complete(held, response, expiresAt) {
      await guard(() =>
        keys.updateOne(
          { _id: idOf(held), claimId: held.claimId, response: { $exists: false } },
          { $set: { response: JSON.stringify(response), expiresAt: new Date(expiresAt) } },
        ),
      );
    },
    async release(held) {
      await guard(() => keys.deleteOne({ _id: idOf(held), claimId: held.claimId, response: { $exists: false } }));
    },
  };
}

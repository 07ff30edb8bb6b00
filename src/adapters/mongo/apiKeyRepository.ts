import type { Model } from 'mongoose';
import type { ApiKeyRecord } from '../../domain/account';
import type { ApiKeyRepository } from '../../ports/store';
import type { ApiKeyDoc } from './schemas/apiKeySchema';
import { guard } from './translateError';

export function toApiKey({ _id, ...key }: ApiKeyDoc): ApiKeyRecord {
  return { id: _id, ...key };
}

export function createApiKeyRepository(apiKeys: Model<ApiKeyDoc>): ApiKeyRepository {
  const findOne = (filter: Record<string, unknown>) =>
    guard(async () => {
      const doc = await apiKeys.findOne(filter).lean<ApiKeyDoc>();
      return doc ? toApiKey(doc) : null;
    });

  return {
    async create({ id, ...key }) {
      await guard(() => apiKeys.create({ _id: id, ...key }));
      return structuredClone({ id, ...key });
    },
    findByHash: (hash) => findOne({ hash }),
    listByAccount: (accountId) =>
      guard(async () => {
        // Ties on createdAt fall back to the id so the order is at least stable.
        const docs = await apiKeys.find({ accountId }).sort({ createdAt: -1, _id: -1 }).lean<ApiKeyDoc[]>();
        return docs.map(toApiKey);
      }),
    async revoke(accountId, keyId, at) {
      // A key revoked earlier keeps its first revokedAt: revoking is idempotent.
      await guard(() => apiKeys.updateOne({ _id: keyId, accountId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } }));
      return findOne({ _id: keyId, accountId });
    },
    async touch(keyId, at) {
      await guard(() => apiKeys.updateOne({ _id: keyId }, { $set: { lastUsedAt: at } }));
    },
  };
}

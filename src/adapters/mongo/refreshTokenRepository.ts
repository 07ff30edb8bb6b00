import type { Model } from 'mongoose';
import type { RefreshTokenRepository } from '../../ports/store';
import type { RefreshTokenDoc } from './schemas/refreshTokenSchema';
import { guard } from './translateError';

export function createRefreshTokenRepository(tokens: Model<RefreshTokenDoc>): RefreshTokenRepository {
  return {
    async create({ id, ...token }) {
      await guard(() => tokens.create({ _id: id, ...token }));
    },
    findByHash: (hash) =>
      guard(async () => {
        const doc = await tokens.findOne({ hash }).lean<RefreshTokenDoc>();
        if (!doc) return null;
        const { _id, ...token } = doc;
        return { id: _id, ...token };
      }),
    async markUsed(id, at) {
      // The filter is the whole guard: of two concurrent refreshes with one token, exactly one
      // matches (single-document updates are atomic), so the other is seen as reuse.
      const result = await guard(() =>
        tokens.updateOne({ _id: id, usedAt: { $exists: false }, revokedAt: { $exists: false } }, { $set: { usedAt: at } }),
      );
      return result.modifiedCount === 1;
    },
    async revokeFamily(familyId, at) {
      await guard(() => tokens.updateMany({ familyId, revokedAt: { $exists: false } }, { $set: { revokedAt: at } }));
    },
  };
}

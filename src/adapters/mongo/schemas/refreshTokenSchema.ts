import { Schema } from 'mongoose';
import type { RefreshTokenRecord } from '../../../domain/account';
import { ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';

export interface RefreshTokenDoc extends Omit<RefreshTokenRecord, 'id'> {
  _id: string;
}

export const refreshTokenSchema = new Schema<RefreshTokenDoc>(
  {
    _id: ownId,
    accountId: { type: String, required: true },
    familyId: { type: String, required: true },
    hash: { type: String, required: true },
    expiresAt: requiredTimestamp,
    createdAt: requiredTimestamp,
    usedAt: timestamp,
    revokedAt: timestamp,
  },
  recordOptions('refresh_tokens'),
);
refreshTokenSchema.index({ hash: 1 }, { unique: true });
refreshTokenSchema.index({ familyId: 1 });

import { Schema } from 'mongoose';
import { type ApiKeyRecord, SCOPES } from '../../../domain/account';
import { createApiKeyBodySchema } from '../../../schemas/endpoints/apiKeys';
import { leafOf, storedAs } from './storedAs';
import { environment, ownId, recordOptions, requiredTimestamp, timestamp } from './storedFields';

export interface ApiKeyDoc extends Omit<ApiKeyRecord, 'id'> {
  _id: string;
}

export const apiKeySchema = new Schema<ApiKeyDoc>(
  {
    _id: ownId,
    accountId: { type: String, required: true },
    // The name and platform keep the rules of the body they came in (storedAs.ts).
    name: storedAs(leafOf(createApiKeyBodySchema, 'name'), true),
    environment,
    scopes: { type: [{ type: String, enum: SCOPES }], required: true },
    hash: { type: String, required: true },
    last4: { type: String, required: true },
    platform: storedAs(leafOf(createApiKeyBodySchema, 'platform')),
    createdAt: requiredTimestamp,
    revokedAt: timestamp,
    lastUsedAt: timestamp,
  },
  recordOptions('api_keys'),
);
// Every authenticated request looks its key up by hash.
apiKeySchema.index({ hash: 1 }, { unique: true });
apiKeySchema.index({ accountId: 1, createdAt: -1 });

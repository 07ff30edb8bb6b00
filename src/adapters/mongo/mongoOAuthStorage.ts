// OAuthStorage on MongoDB: one collection on the store's connection, the library's payload as
// a sub-document, lookup fields as indexed top-level fields, and a TTL index that lets the
// server delete expired records (find() also refuses them: TTL deletion runs only once a minute).
import type { Connection, mongo } from 'mongoose';
import type { OAuthPayload, OAuthRecordFilter, OAuthStorage, SigningKeyStore, StoredSigningKey } from '../../ports/oauthStorage';

interface OAuthRecordDoc {
  _id: string; // `${kind}:${id}`
  kind: string;
  payload: OAuthPayload;
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  clientId?: string;
  consumedAt?: number;
  expiresAt?: Date;
  createdAt: Date;
  seq: number;
}

const DUPLICATE_KEY = 11000;

export interface MongoOAuthStorageOptions {
  /** The store's connection (MongoStore.connection); the storage does not close it. */
  connection: Connection;
  now?: () => number;
}

function matching(filter: OAuthRecordFilter): Record<string, string> {
  const query: Record<string, string> = {};
  for (const field of ['grantId', 'accountId', 'clientId'] as const) {
    if (filter[field] !== undefined) query[field] = filter[field] as string;
  }
  if (Object.keys(query).length === 0) throw new Error('an OAuth record filter needs at least one field');
  return query;
}

export async function createMongoOAuthStorage(options: MongoOAuthStorageOptions): Promise<OAuthStorage> {
  const now = options.now ?? Date.now;
  const db = options.connection.db;
  if (!db) throw new Error('the MongoDB connection is not open');
  const records = db.collection<OAuthRecordDoc>('oauth_records');
  await Promise.all([
    records.createIndex({ grantId: 1 }, { sparse: true }),
    records.createIndex({ kind: 1, uid: 1 }, { sparse: true }),
    records.createIndex({ kind: 1, userCode: 1 }, { sparse: true }),
    records.createIndex({ accountId: 1, kind: 1 }, { sparse: true }),
    records.createIndex({ clientId: 1, kind: 1 }, { sparse: true }),
    records.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 }),
  ]);
  const live = (): mongo.Filter<OAuthRecordDoc> => ({ $or: [{ expiresAt: { $exists: false } }, { expiresAt: { $gt: new Date(now()) } }] });
  const payloadOf = (doc: OAuthRecordDoc | null): OAuthPayload | undefined => {
    if (!doc) return undefined;
    return doc.consumedAt === undefined ? { ...doc.payload } : { ...doc.payload, consumed: doc.consumedAt };
  };
  let seq = 0;
  const keys = db.collection<StoredSigningKey & { _id: number }>('oauth_signing_keys');
  const signingKeys: SigningKeyStore = {
    async list() {
      const docs = await keys.find({}).sort({ _id: 1 }).toArray();
      return docs.map(({ _id, ...key }) => key);
    },
    async insert(key) {
      try {
        await keys.insertOne({ _id: key.generation, ...key });
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    async remove(generation) {
      await keys.deleteOne({ _id: generation });
    },
  };

  return {
    signingKeys,
    async upsert(kind, id, payload, index, expiresAt) {
      const at = now();
      const fields: Partial<OAuthRecordDoc> = { kind, payload, seq: at * 1000 + (seq++ % 1000) };
      const unset: Record<string, ''> = {};
      for (const field of ['grantId', 'uid', 'userCode', 'accountId', 'clientId'] as const) {
        if (index[field] !== undefined) fields[field] = index[field];
        else unset[field] = '';
      }
      if (expiresAt) fields.expiresAt = expiresAt;
      else unset.expiresAt = '';
      await records.updateOne(
        { _id: `${kind}:${id}` },
        { $set: fields, $setOnInsert: { createdAt: new Date(at) }, $unset: unset },
        { upsert: true },
      );
    },
    async find(kind, id) {
      return payloadOf(await records.findOne({ _id: `${kind}:${id}`, ...live() }));
    },
    async findBy(kind, field, value) {
      return payloadOf(await records.findOne({ kind, [field]: value, ...live() }));
    },
    async consume(kind, id, at) {
      await records.updateOne({ _id: `${kind}:${id}`, consumedAt: { $exists: false } }, { $set: { consumedAt: at } });
    },
    async destroy(kind, id) {
      await records.deleteOne({ _id: `${kind}:${id}` });
    },
    async removeWhere(filter) {
      return (await records.deleteMany(matching(filter))).deletedCount;
    },
    async list(kind, filter) {
      const docs = await records.find({ kind, ...matching(filter), ...live() }).sort({ seq: 1, _id: 1 }).toArray();
      return docs.map((doc) => payloadOf(doc) as OAuthPayload);
    },
    async close() {
      // The connection belongs to the store, which closes it.
    },
  };
}

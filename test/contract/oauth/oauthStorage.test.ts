// OAuthStorage contract on embedded SQLite and on the MongoDB wire server (mongo-java-server).
import mongoose from 'mongoose';
import { createMongoOAuthStorage } from '../../../src/adapters/mongo/mongoOAuthStorage';
import { createSqliteOAuthStorage } from '../../../src/adapters/sqlite/oauth/sqliteOAuthStorage';
import { useMongo } from '../../harness/mongo';
import { oauthStorageContract } from './oauthStorage.contract';

oauthStorageContract('sqlite', async (now) => createSqliteOAuthStorage({ file: ':memory:', now }));

const mongo = useMongo();
oauthStorageContract('mongodb', async (now) => {
  const connection = await mongoose.createConnection(`${mongo.url.replace(/\/\?/, '/oauth_contract?')}`).asPromise();
  const storage = await createMongoOAuthStorage({ connection, now });
  return { ...storage, close: async () => connection.close() };
});

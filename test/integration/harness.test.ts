// The engine harnesses start real servers that answer, and stop them for good.
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { pingRedis, startRedis, type RedisHarness } from '../harness/redis';
import { startMongo, type MongoHarness } from '../harness/mongo';

describe('redis harness', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let redis: RedisHarness;
  beforeAll(async () => {
    redis = teardown.adopt(await startRedis(), (engine) => engine.stop());
  });
  afterAll(() => teardown.disposeAsync());

  it('starts a redis-server that answers PING, SET and GET over ioredis', async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      expect(await client.ping()).toBe('PONG');
      await client.set('harness:key', 'value');
      expect(await client.get('harness:key')).toBe('value');
    } finally {
      client.disconnect();
    }
  });

  it('stops and restarts the process on the same port', async () => {
    await redis.stopProcess();
    expect(await pingRedis(redis.port)).toBe(false);
    await redis.restartProcess();
    expect(await pingRedis(redis.port)).toBe(true);
    const client = new Redis(redis.url, { maxRetriesPerRequest: 1 });
    try {
      // No persistence: an outage starts the server empty.
      expect(await client.get('harness:key')).toBeNull();
    } finally {
      client.disconnect();
    }
  });

  it('names the install command when redis-server is missing', async () => {
    await expect(startRedis({ binary: '/nonexistent/redis-server' })).rejects.toThrow(
      'apt-get update && apt-get install -y redis-server',
    );
  });

  it('stop() ends the server and frees the port', async () => {
    const other = await startRedis();
    expect(await pingRedis(other.port)).toBe(true);
    await other.stop();
    expect(await pingRedis(other.port)).toBe(false);
  });
});

describe('mongo harness', () => {
  // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
  const teardown = new AsyncDisposableStack();
  let mongo: MongoHarness;
  beforeAll(async () => {
    mongo = teardown.adopt(await startMongo(), (engine) => engine.stop());
  }, 120_000);
  afterAll(() => teardown.disposeAsync());

  it('serves mongoose: connect, insert and read back', async () => {
    const connection = await mongoose.createConnection(mongo.uriFor('harness')).asPromise();
    try {
      const Thing = connection.model('Thing', new mongoose.Schema({ name: String, count: Number }));
      // mongoose creates the collection in the background; on the fake, a create racing the
      // first insert has been seen to lose that insert (the store adapter turns autoCreate off).
      await Thing.init();
      await Thing.create({ name: 'first', count: 1 });
      const found = await Thing.findOne({ name: 'first' }).lean();
      expect(found?.count).toBe(1);
      const hello = await connection.db!.admin().command({ buildInfo: 1 });
      expect(String(hello.version)).toMatch(/^5\.0/);
    } finally {
      await connection.close();
    }
  });

  it('supports a change stream that sees an insert', async () => {
    const connection = await mongoose.createConnection(mongo.uriFor('harness_stream')).asPromise();
    try {
      const collection = connection.db!.collection('events');
      const stream = collection.watch([], { fullDocument: 'updateLookup' });
      // The cursor opens lazily; tryNext() opens it (and finds nothing) before the insert.
      expect(await stream.tryNext()).toBeNull();
      await collection.insertOne({ kind: 'created', n: 7 });
      const change = (await stream.next()) as { operationType: string; fullDocument?: { n?: number } };
      expect(change.operationType).toBe('insert');
      expect(change.fullDocument?.n).toBe(7);
      await stream.close();
    } finally {
      await connection.close();
    }
  });

  it('stop() ends the server process', async () => {
    const other = await startMongo();
    const connection = await mongoose.createConnection(other.uriFor('x'), { serverSelectionTimeoutMS: 2_000 }).asPromise();
    await connection.close();
    await other.stop();
    await expect(
      mongoose.createConnection(other.uriFor('x'), { serverSelectionTimeoutMS: 500 }).asPromise(),
    ).rejects.toThrow();
  }, 120_000);
});

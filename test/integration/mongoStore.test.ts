// The Store contract on MongoDB (mongoose) against the mongo-java-server wire server, plus what is
// particular to this adapter: indexes, orphaned-claim recovery, error translation, outages.
import { createMongoStore, type MongoStore } from '../../src/adapters/mongo/mongoStore';
import { ORPHANED_CLAIM_GRACE_MS } from '../../src/adapters/mongo/profileKeys';
import { UnavailableError, ValidationError } from '../../src/domain/errors';
import { bookingEvent, reviewEvent } from '../../src/services/webhooks/webhookEvents';
import { aBooking } from '../fixtures/bookings';
import { aProfile, aVerification, revisionOf } from '../fixtures/profiles';
import { aReview } from '../fixtures/reviews';
import { startMongo, useMongo } from '../harness/mongo';
import { taxonomyVersion } from '../../src/domain/categories/taxonomy';
import { storeContract } from '../contract/store.contract';

const mongo = useMongo();
let databases = 0;
const dbNames = new WeakMap<object, string>();

/** A store on a database of its own, so tests never see each other's data. */
async function freshStore(): Promise<MongoStore> {
  const dbName = `store_${process.pid}_${++databases}`;
  const store = await createMongoStore({ uri: mongo.url, dbName, serverSelectionTimeoutMS: 5_000 });
  dbNames.set(store, dbName);
  return store;
}

async function dropDatabase(store: object): Promise<void> {
  const dbName = dbNames.get(store);
  if (dbName) await mongo.admin.getClient().db(dbName).dropDatabase();
}

storeContract('MongoDB via mongoose (mongo-java-server)', freshStore, dropDatabase, { exactChangeCount: false });

describe('MongoDB store specifics', () => {
  let store: MongoStore;

  beforeEach(async () => {
    store = await freshStore();
  });

  afterEach(async () => {
    await dropDatabase(store);
    await store.close();
  });

  const db = () => mongo.admin.getClient().db(dbNames.get(store));

  it('stores a profile under its own id with a GeoJSON point for the 2dsphere index, and no mongoose fields', async () => {
    const profile = await store.profiles.create(aProfile({ category: ' Bakery ' }));

    const raw = await db().collection('businesses').findOne({ _id: profile.id as never });

    expect(raw).toMatchObject({ _id: profile.id, categoryKey: 'bakery', geo: { type: 'Point', coordinates: [-2.5879, 51.4545] } });
    expect(raw).not.toHaveProperty('__v');
    expect(raw).not.toHaveProperty('id');
    const indexes = await db().collection('businesses').listIndexes().toArray();
    expect(indexes.map((index) => index.key)).toEqual(expect.arrayContaining([{ geo: '2dsphere' }]));
  });

  it('gives profiles stored before their category keys the keys of this taxonomy at start, without a new revision (issue 32)', async () => {
    const old = aProfile({ category: 'Veterinarians', version: 4 });
    delete old.categoryKeys;
    delete old.categoryTaxonomy;
    await store.profiles.create(old);
    await db().collection('businesses').updateOne({ _id: old.id as never }, { $unset: { categoryKeys: '', categoryTaxonomy: '' } });
    const restarted = await createMongoStore({ uri: mongo.url, dbName: dbNames.get(store)!, serverSelectionTimeoutMS: 5_000 });
    try {
      expect(await restarted.profiles.get('live', old.id)).toMatchObject({
        categoryKeys: ['amenity/veterinary'], categoryTaxonomy: taxonomyVersion(), version: 4, updatedAt: old.updatedAt,
      });
    } finally {
      await restarted.close();
    }
  });

  it('creates the unique indexes that enforce email, API key hash, refresh token hash and dedupe keys', async () => {
    const uniqueKeys = async (collection: string) =>
      (await db().collection(collection).listIndexes().toArray()).filter((index) => index.unique).map((index) => index.key);

    expect(await uniqueKeys('accounts')).toEqual([{ emailKey: 1 }]);
    expect(await uniqueKeys('api_keys')).toEqual([{ hash: 1 }]);
    expect(await uniqueKeys('refresh_tokens')).toEqual([{ hash: 1 }]);
    expect(await uniqueKeys('profile_keys')).toEqual([{ environment: 1, key: 1 }]);
    expect(await uniqueKeys('pending_verifications')).toEqual([{ environment: 1, businessId: 1 }]);
  });

  it('rejects a record that breaks the stored schema as a ValidationError naming the field, claiming no keys', async () => {
    const bad = aProfile({ location: { coordinates: { lat: 123, lon: 0 } }, dedupeKeys: ['phone:+441170000001'] });

    const error = await store.profiles.create(bad).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ details: { field: 'location.coordinates.lat' } });
    await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).resolves.toBeDefined();
  });

  it('stores no webhook event for a review or booking write the stored schema refuses, and frees the booking\'s seat', async () => {
    const business = aProfile({ id: 'biz_1' });
    const badReview = aReview({ rating: 9 });
    await expect(store.reviews.create(badReview, [reviewEvent('review.submitted', business, badReview, new Date())])).rejects.toBeInstanceOf(ValidationError);
    const badBooking = aBooking({ seat: 0, customer: { name: '' } });
    await expect(store.bookings.create(badBooking, 1, [bookingEvent('booking.created', business, badBooking, new Date())])).rejects.toBeInstanceOf(ValidationError);
    const review = await store.reviews.create(aReview());
    const badEdit = { ...review, rating: 0, version: 2 };
    await expect(store.reviews.replace(badEdit, 1, [reviewEvent('review.updated', business, badEdit, new Date())])).rejects.toBeInstanceOf(ValidationError);
    expect(await store.webhooks.eventsToFanOut(10)).toEqual([]);
    await expect(store.bookings.create(aBooking(), 1)).resolves.toMatchObject({ seat: 0 });
  });

  it('reclaims a dedupe key whose claim was orphaned (its writer died before storing the profile)', async () => {
    const longAgo = new Date(Date.now() - ORPHANED_CLAIM_GRACE_MS - 1_000).toISOString();
    await db().collection('profile_keys').insertOne({ environment: 'live', key: 'phone:+441170000001', profileId: 'biz_never_written', claimedAt: longAgo });

    await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).resolves.toBeDefined();
  });

  it('still refuses a key claimed moments ago by a writer that may be in flight', async () => {
    await db().collection('profile_keys').insertOne({
      environment: 'live',
      key: 'phone:+441170000001',
      profileId: 'biz_being_written',
      claimedAt: new Date().toISOString(),
    });

    await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).rejects.toMatchObject({
      code: 'DUPLICATE_PROFILE',
    });
  });

  it('reclaims a key still claimed by a profile that no longer lists it', async () => {
    const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
    await store.profiles.replace(revisionOf(profile, { dedupeKeys: ['phone:+441170000002'] }), 1);
    // As if the release after the swap had failed: the old claim is back, and old.
    const longAgo = new Date(Date.now() - ORPHANED_CLAIM_GRACE_MS - 1_000).toISOString();
    await db().collection('profile_keys').insertOne({ environment: 'live', key: 'phone:+441170000001', profileId: profile.id, claimedAt: longAgo });

    await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).resolves.toBeDefined();
    await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000002'] }))).rejects.toMatchObject({
      code: 'DUPLICATE_PROFILE',
    });
  });

  it('lets exactly one of two concurrent creates of the same business win', async () => {
    const results = await Promise.allSettled([
      store.profiles.create(aProfile({ dedupeKeys: ['corner bakery|bs14dj|gb'] })),
      store.profiles.create(aProfile({ dedupeKeys: ['corner bakery|bs14dj|gb'] })),
    ]);

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'DUPLICATE_PROFILE' } });
  });

  it('keeps a key claimed for the winner when two writers of one profile both add it', async () => {
    // A claims the shared key first but has a second key to claim, so B tends to swap first: the
    // loser's compensation must not free a key the winner lists, whatever the interleaving.
    for (let round = 0; round < 5; round++) {
      const key = `phone:+4411700000${10 + round}`;
      const profile = await store.profiles.create(aProfile());
      const writes = await Promise.allSettled([
        store.profiles.replace(revisionOf(profile, { name: 'A', dedupeKeys: [...profile.dedupeKeys, key, `${key}-a`] }), 1),
        store.profiles.replace(revisionOf(profile, { name: 'B', dedupeKeys: [...profile.dedupeKeys, key] }), 1),
      ]);

      expect(writes.filter((write) => write.status === 'fulfilled')).toHaveLength(1);
      await expect(store.profiles.create(aProfile({ dedupeKeys: [key] }))).rejects.toMatchObject({ code: 'DUPLICATE_PROFILE' });
    }
  });

  it('reclaims the pending slot of a verification that was decided but whose slot was left behind', async () => {
    const request = await store.verifications.create(aVerification({ businessId: 'biz_1' }));
    await store.verifications.decide(request.id, { status: 'approved', decidedBy: 'acct_admin', decidedAt: new Date().toISOString() });
    const longAgo = new Date(Date.now() - 120_000).toISOString();
    await db().collection('pending_verifications').insertOne({ environment: 'live', businessId: 'biz_1', verificationId: request.id, claimedAt: longAgo });

    await expect(store.verifications.create(aVerification({ businessId: 'biz_1' }))).resolves.toBeDefined();
  });
});

describe('MongoDB store when the server is unreachable', () => {
  it('fails to open with UnavailableError', async () => {
    const other = await startMongo();
    const uri = other.url;
    await other.stop();

    await expect(createMongoStore({ uri, dbName: 'gone', serverSelectionTimeoutMS: 500 })).rejects.toBeInstanceOf(UnavailableError);
  }, 120_000);

  it('answers operations with UnavailableError once the server is gone', async () => {
    const other = await startMongo();
    const store = await createMongoStore({ uri: other.url, dbName: 'outage', serverSelectionTimeoutMS: 500 });
    try {
      await store.ping();
      await other.stop();

      await expect(store.ping()).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.accounts.findById('acct_1')).rejects.toBeInstanceOf(UnavailableError);
      await expect(store.profiles.create(aProfile())).rejects.toBeInstanceOf(UnavailableError);
    } finally {
      await store.close();
      await other.stop();
    }
  }, 120_000);
});

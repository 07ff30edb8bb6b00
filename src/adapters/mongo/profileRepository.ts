// Business profiles in `businesses`. The change feed is the collection's change stream, so a
// profile write and its feed entry are one document write and cannot disagree. Write order
// without transactions (see profileKeys.ts): claim new dedupe keys, compare-and-swap the profile,
// then release the keys it dropped; a failed step undoes the claims made before it.
import type { Model, mongo } from 'mongoose';
import { ConflictError, PreconditionFailedError } from '../../domain/errors';
import type { BusinessProfile } from '../../domain/profile';
import type { ProfileRepository } from '../../ports/store';
import type { Logger } from '../../logger';
import { categoryKey, exclusiveTexts, toBusinessDoc, toProfile } from './profileDocument';
import type { ProfileKeyClaims } from './profileKeys';
import type { BusinessDoc } from './schemas/businessSchema';
import { guard, isRejectedWrite } from './translateError';
import { decodeCursor, encodeCursor } from '../pageCursor';
import { pageSize, toListPage } from '../keysetPage';
import { afterPosition } from './keysetPage';
import { outboxOf } from './webhooks/embeddedOutbox';
import type { WriteMarks } from './writeMarks';
import type { ProfileKeyDoc } from './schemas/profileKeySchema';
import { SLUG_KEY_PREFIX } from '../../domain/publicPage/publicSlug';
import type { PublishedListing } from '../../domain/publicPage/publishedListing';
import { createProfileImport } from './profileImport';

export interface ProfileRepositoryDeps {
  businesses: Model<BusinessDoc>;
  /** The dedupe-key claims collection, read to find a profile by its public page slug. */
  profileKeys: Model<ProfileKeyDoc>;
  keys: ProfileKeyClaims;
  logger?: Pick<Logger, 'warn'>;
  /** Told after every stored profile write, to wake this process's change-feed readers at once. */
  onWrite?: () => void;
  marks: WriteMarks;
}

type Collection<T extends mongo.Document> = mongo.Collection<T>;

const LIVE = { deletedAt: { $exists: false } };

const LISTING_FIELDS = {
  environment: 1, status: 1, name: 1, category: 1, categoryKeys: 1, publicSlugs: 1, publicPage: 1, ownerSuspended: 1, updatedAt: 1,
  'location.address.city': 1, 'location.address.state': 1, 'location.address.country': 1,
};

export function createProfileRepository({ businesses, profileKeys, keys, logger, onWrite, marks }: ProfileRepositoryDeps): ProfileRepository {
  const liveKeys = (profile: BusinessProfile): string[] => (profile.deletedAt ? [] : profile.dedupeKeys);

  /** Validates against the schema before any key is claimed, so a bad record claims nothing. */
  async function validated(profile: BusinessProfile) {
    const doc = new businesses(toBusinessDoc(profile));
    await doc.validate();
    return doc;
  }

  /**
   * Undoes this call's claims after its swap failed, except keys the stored profile lists: a
   * concurrent writer of the same profile may have won with a key this call claimed first.
   */
  async function releaseUnlisted(next: BusinessProfile, claimed: string[]): Promise<void> {
    if (claimed.length === 0) return;
    try {
      const stored = await businesses
        .findOne({ _id: next.id, environment: next.environment }, { dedupeKeys: 1, deletedAt: 1 })
        .lean<Pick<BusinessDoc, 'dedupeKeys' | 'deletedAt'>>();
      const listed = new Set(stored && !stored.deletedAt ? stored.dedupeKeys : []);
      await keys.release(next.environment, next.id, claimed.filter((key) => !listed.has(key)));
    } catch {
      // Left claimed: orphaned claims are reclaimed later (profileKeys.ts).
    }
  }

  const repository: ProfileRepository = {
    create: (profile, events) =>
      guard(async () => {
        const redone = await marks.redone(businesses);
        if (redone) return toProfile(redone);
        const doc = await validated(profile);
        // The webhook events ride in the profile's own insert (webhooks/embeddedOutbox.ts).
        const outbox = outboxOf(events);
        if (outbox) doc.set('webhookOutbox', outbox);
        const marked = marks.carried();
        if (marked) doc.set('writeMarks', marked);
        const claimed = await keys.claim(profile.environment, profile.id, liveKeys(profile));
        try {
          await doc.save();
        } catch (error) {
          // Only a refused insert frees the claims; after a lost reply the profile may exist, and
          // claims that turn out orphaned are reclaimed later (profileKeys.ts).
          if (isRejectedWrite(error)) await keys.release(profile.environment, profile.id, claimed).catch(() => undefined);
          throw error;
        }
        onWrite?.();
        return structuredClone(profile);
      }),

    createMany: (profiles) =>
      guard(async () => {
        if (profiles.length === 0) return;
        // Without transactions (see the top of this file) all-or-nothing means undoing: every
        // document is validated before any key is claimed, and a refused claim or insert releases
        // this call's claims and removes what it inserted. Readers may glimpse a batch being undone.
        const docs = await Promise.all(profiles.map(validated));
        const ids = profiles.map((profile) => profile.id);
        // The undo removes this batch's ids: none may belong to a profile stored before it.
        if (new Set(ids).size !== ids.length || (await businesses.exists({ _id: { $in: ids } }))) {
          throw new ConflictError('DUPLICATE_ID', 'A profile of the batch has the id of another profile');
        }
        const claims: Array<{ profile: BusinessProfile; keys: string[] }> = [];
        const undo = async () => {
          await businesses.deleteMany({ _id: { $in: ids } }).catch(() => undefined);
          for (const { profile, keys: claimed } of claims) await keys.release(profile.environment, profile.id, claimed).catch(() => undefined);
        };
        try {
          for (const profile of profiles) claims.push({ profile, keys: await keys.claim(profile.environment, profile.id, liveKeys(profile)) });
          await businesses.insertMany(docs, { ordered: true });
        } catch (error) {
          await undo();
          throw error;
        }
        onWrite?.();
      }),

    get: (environment, id, options) =>
      guard(async () => {
        const filter = options?.includeDeleted ? { _id: id, environment } : { _id: id, environment, ...LIVE };
        const doc = await businesses.findOne(filter).lean<BusinessDoc>();
        return doc ? toProfile(doc) : null;
      }),

    listByOwner: (environment, ownerId) =>
      guard(async () => {
        const docs = await businesses.find({ environment, ownerId, ...LIVE }).sort({ createdAt: 1, _id: 1 }).lean<BusinessDoc[]>();
        return docs.map(toProfile);
      }),

    pageByOwner: (environment, ownerId, options) =>
      guard(async () => {
        const size = pageSize(options);
        const owned = { environment, ownerId, ...LIVE };
        const docs = await businesses
          .find({ ...owned, ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .lean<BusinessDoc[]>();
        return toListPage(docs.map(toProfile), size, await businesses.countDocuments(owned));
      }),

    replace: (next, expectedVersion, events) =>
      guard(async () => {
        const stale = () => new PreconditionFailedError(`Profile ${next.id} is not at version ${expectedVersion}`);
        const redone = await marks.redone(businesses, { _id: next.id });
        if (redone) return toProfile(redone);
        const doc = await validated(next);
        // Cheap early answer (and the same error order as the other adapters); the swap below decides.
        const current = await businesses
          .findOne({ _id: next.id, environment: next.environment }, { version: 1, webhookOutbox: 1, writeMarks: 1 })
          .lean<Pick<BusinessDoc, 'version' | 'webhookOutbox' | 'writeMarks'>>();
        if (current?.version !== expectedVersion) throw stale();
        // Events of earlier writes not relayed yet are carried forward: the swap below replaces the
        // whole document. One the relay moved meanwhile comes back and is relayed again, which the
        // relay's upsert by event id turns into nothing (webhooks/embeddedOutbox.ts). So are the
        // marks of earlier idempotent writes (writeMarks.ts).
        const outbox = outboxOf(current.webhookOutbox, events);
        if (outbox) doc.set('webhookOutbox', outbox);
        const marked = marks.carried(current.writeMarks);
        if (marked) doc.set('writeMarks', marked);

        const claimed = await keys.claim(next.environment, next.id, liveKeys(next));
        let swapped: boolean;
        try {
          // replaceOne with the version in the filter is the compare-and-swap. Not findOneAndReplace:
          // mongo-java-server writes no oplog entry for findAndModify, so the change stream would miss it.
          // mongoose types the collection Collection<Document>, an ObjectId _id; ours are strings.
          const result = await (businesses.collection as unknown as Collection<BusinessDoc>).replaceOne(
            { _id: next.id, environment: next.environment, version: expectedVersion },
            doc.toObject(),
          );
          swapped = result.matchedCount === 1;
        } catch (error) {
          if (isRejectedWrite(error)) await releaseUnlisted(next, claimed);
          throw error;
        }
        if (!swapped) {
          await releaseUnlisted(next, claimed);
          throw stale();
        }
        onWrite?.();
        // The profile is stored: failing to release dropped keys only leaves orphaned claims,
        // which profileKeys reclaims later, so it must not turn a successful write into an error.
        await keys.releaseAllBut(next.id, liveKeys(next)).catch((error: unknown) => {
          logger?.warn({ err: error, profileId: next.id }, 'could not release dedupe keys; they will be reclaimed later');
        });
        return structuredClone(next);
      }),

    exclusiveContentInCategory: (environment, category, excludeId, limit) =>
      guard(async () => {
        const count = Math.max(0, Math.trunc(limit));
        if (count === 0) return []; // limit(0) means "no limit" to MongoDB
        const docs = await businesses
          .find(
            { environment, categoryKey: categoryKey(category), _id: { $ne: excludeId }, hasExclusiveContent: true, ...LIVE },
            { exclusiveContent: 1 },
          )
          .sort({ updatedAt: -1, _id: 1 })
          .limit(count)
          .lean<Array<Pick<BusinessDoc, '_id' | 'exclusiveContent'>>>();
        return docs.map((doc) => ({ id: doc._id, text: exclusiveTexts(doc.exclusiveContent).join('\n') }));
      }),

    scan: ({ after, limit }) =>
      guard(async () => {
        const size = Math.max(1, Math.trunc(limit));
        const from = after === undefined ? {} : { _id: { $gt: decodeCursor(after) } };
        // One extra document tells whether another page exists without a count.
        const docs = await businesses.find({ ...from, ...LIVE }).sort({ _id: 1 }).limit(size + 1).lean<BusinessDoc[]>();
        const page = docs.slice(0, size).map(toProfile);
        return docs.length > size ? { profiles: page, next: encodeCursor(page[page.length - 1].id) } : { profiles: page };
      }),

    countScannable: () => guard(() => businesses.countDocuments(LIVE)),

    findBySlug: (environment, slug) =>
      guard(async () => {
        const key = `${SLUG_KEY_PREFIX}${slug}`;
        const claim = await profileKeys.findOne({ environment, key }, { profileId: 1 }).lean<Pick<ProfileKeyDoc, 'profileId'>>();
        if (!claim) return null;
        // The profile must still list the key: an orphaned claim (profileKeys.ts) points nowhere.
        const doc = await businesses.findOne({ _id: claim.profileId, environment, dedupeKeys: key, ...LIVE }).lean<BusinessDoc>();
        return doc ? toProfile(doc) : null;
      }),

    pagePublished: ({ after, limit }) =>
      guard(async () => {
        const size = Math.max(1, Math.trunc(limit));
        const from = after === undefined ? {} : { _id: { $gt: decodeCursor(after) } };
        const docs = await businesses
          .find({ environment: 'live', status: 'published', ...from, ...LIVE }, LISTING_FIELDS)
          .sort({ _id: 1 })
          .limit(size + 1)
          .lean<Array<Omit<PublishedListing, 'id'> & { _id: string }>>();
        const listings = docs.slice(0, size).map(({ _id, ...fields }) => ({ id: _id, ...fields }) as PublishedListing);
        return docs.length > size ? { listings, next: encodeCursor(listings[listings.length - 1].id) } : { listings };
      }),
    importMany: (writes) => guard(() => bulk.importMany(writes)),
    getMany: (environment, ids) => guard(() => bulk.getMany(environment, ids)),
    keyHolders: (environment, keys) => guard(() => bulk.keyHolders(environment, keys)),
  };
  const bulk = createProfileImport({ businesses, keys, replace: (next, expected) => repository.replace(next, expected), onWrite });
  return repository;
}


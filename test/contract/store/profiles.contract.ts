// Store contract, profiles: create and read, dedupe keys, optimistic replace, deletion and the
// live/test split. The reads across many profiles live in their own parts, called at the end.
import { ConflictError, PreconditionFailedError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { aProfile, at, revisionOf } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';
import { profileCategoryContentContract } from './profileCategoryContent.contract';
import { profileOwnerPageContract } from './profileOwnerPage.contract';
import { profileScanContract } from './profileScan.contract';
import { profilePublicPagesContract } from './profilePublicPages.contract';
import { profileBulkLoadContract } from './profileBulkLoad.contract';
import { profileImportContract } from './profileImport.contract';

export function profilesContract(suite: StoreSuite): void {
  describe('profiles', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

    it('returns a created profile exactly as given', async () => {
      const profile = aProfile({
        services: [
          {
            id: 'svc_1',
            name: 'Cake tasting',
            pricing: { type: 'range', currency: 'GBP', minAmount: 10, maxAmount: 25 },
            bookable: true,
            requiresQuote: false,
            createdAt: at(0),
            updatedAt: at(0),
          },
        ],
        exclusiveContent: { insiderTips: 'Ask for the day-old loaves at 4pm.' },
        exclusiveScores: { visibilityScore: 61, uniquenessScore: 88 },
        blackoutDates: ['2025-12-25'],
      });

      expect(await store.profiles.create(profile)).toEqual(profile);
      expect(await store.profiles.get('live', profile.id)).toEqual(profile);
    });

    it('keeps the freshness signals (operating status, last confirmation) through a replace, and drops them when a revision leaves them out', async () => {
      const profile = await store.profiles.create(aProfile({ status: 'published', operatingStatus: { status: 'temporarily_closed', reopensOn: '2026-12-15' }, lastVerifiedAt: at(2), lastVerifiedBy: 'owner' }));
      expect(await store.profiles.get('live', profile.id)).toEqual(profile);
      const closed = revisionOf(profile, { operatingStatus: { status: 'permanently_closed' }, lastVerifiedAt: at(3), lastVerifiedBy: 'verification' });
      await store.profiles.replace(closed, profile.version);
      expect(await store.profiles.get('live', profile.id)).toEqual(closed);
      const { operatingStatus: _status, lastVerifiedAt: _at, lastVerifiedBy: _by, ...open } = revisionOf(closed, {});
      await store.profiles.replace(open, closed.version);
      expect(await store.profiles.get('live', profile.id)).toEqual(open);
    });

    it('keeps the suspended-owner flag through a replace, and drops it when a revision leaves it out', async () => {
      const profile = await store.profiles.create(aProfile({ status: 'published' }));
      const flagged = revisionOf(profile, { ownerSuspended: true });
      await store.profiles.replace(flagged, profile.version);
      expect(await store.profiles.get('live', profile.id)).toEqual(flagged);

      const { ownerSuspended: _flag, ...lifted } = revisionOf(flagged, {});
      await store.profiles.replace(lifted, flagged.version);
      const stored = await store.profiles.get('live', profile.id);
      expect(stored).toEqual(lifted);
      expect(stored).not.toHaveProperty('ownerSuspended');
    });

    it('returns null for an unknown profile', async () => {
      expect(await store.profiles.get('live', 'biz_unknown')).toBeNull();
    });

    it('rejects a profile sharing a dedupe key in the same environment as DUPLICATE_PROFILE, storing nothing', async () => {
      await store.profiles.create(aProfile({ dedupeKeys: ['corner bakery|bs14dj|gb', 'phone:+441179000000'] }));
      const copy = aProfile({ dedupeKeys: ['another|x|gb', 'phone:+441179000000'] });

      const error = await store.profiles.create(copy).catch((e: unknown) => e);

      expect(error).toBeInstanceOf(ConflictError);
      expect(error).toMatchObject({ code: 'DUPLICATE_PROFILE' });
      expect(await store.profiles.get('live', copy.id)).toBeNull();
      // Its other key was not claimed either: the failed write left nothing behind.
      await expect(store.profiles.create(aProfile({ dedupeKeys: ['another|x|gb'] }))).resolves.toBeDefined();
    });

    it('accepts a profile listing the same dedupe key twice', async () => {
      const profile = aProfile({ dedupeKeys: ['phone:+441179000000', 'phone:+441179000000'] });

      await expect(store.profiles.create(profile)).resolves.toEqual(profile);
    });

    it('lists the non-deleted profiles of an owner, oldest first', async () => {
      const ownerId = 'acct_owner';
      const second = await store.profiles.create(aProfile({ ownerId, createdAt: at(2) }));
      const first = await store.profiles.create(aProfile({ ownerId, createdAt: at(1) }));
      const deleted = await store.profiles.create(aProfile({ ownerId, createdAt: at(3) }));
      await store.profiles.create(aProfile({ ownerId: 'acct_other' }));
      await store.profiles.replace(revisionOf(deleted, { deletedAt: at(4) }), deleted.version);

      const listed = await store.profiles.listByOwner('live', ownerId);

      expect(listed).toEqual([first, second]);
      expect(await store.profiles.listByOwner('live', 'acct_nobody')).toEqual([]);
    });

    describe('replace', () => {
      it('stores the next version when the expected version matches', async () => {
        const profile = await store.profiles.create(aProfile());
        const next = revisionOf(profile, { name: 'Corner Bakery & Cafe', updatedAt: at(5) });

        expect(await store.profiles.replace(next, 1)).toEqual(next);
        expect(await store.profiles.get('live', profile.id)).toEqual(next);
      });

      it('fails with PreconditionFailedError when the stored version moved on, keeping the stored profile', async () => {
        const profile = await store.profiles.create(aProfile());
        const winner = revisionOf(profile, { name: 'Winner' });
        await store.profiles.replace(winner, 1);

        const stale = revisionOf(profile, { name: 'Stale writer' });
        await expect(store.profiles.replace(stale, 1)).rejects.toBeInstanceOf(PreconditionFailedError);

        expect(await store.profiles.get('live', profile.id)).toEqual(winner);
      });

      it('lets exactly one of two concurrent writers of the same version win', async () => {
        const profile = await store.profiles.create(aProfile());

        const results = await Promise.allSettled([
          store.profiles.replace(revisionOf(profile, { name: 'A' }), 1),
          store.profiles.replace(revisionOf(profile, { name: 'B' }), 1),
        ]);

        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(rejected?.reason).toBeInstanceOf(PreconditionFailedError);
        expect((await store.profiles.get('live', profile.id))?.version).toBe(2);
      });

      it('fails with PreconditionFailedError for a profile that does not exist', async () => {
        await expect(store.profiles.replace(aProfile({ version: 2 }), 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      });

      it('re-checks dedupe keys: taking a key of another live profile is DUPLICATE_PROFILE and changes nothing', async () => {
        await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
        const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000002'] }));

        const error = await store.profiles
          .replace(revisionOf(profile, { dedupeKeys: ['phone:+441170000001'] }), 1)
          .catch((e: unknown) => e);

        expect(error).toMatchObject({ code: 'DUPLICATE_PROFILE' });
        expect(await store.profiles.get('live', profile.id)).toEqual(profile);
      });

      it('releases keys a profile no longer has', async () => {
        const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
        await store.profiles.replace(revisionOf(profile, { dedupeKeys: ['phone:+441170000009'] }), 1);

        await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).resolves.toBeDefined();
        await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000009'] }))).rejects.toMatchObject({
          code: 'DUPLICATE_PROFILE',
        });
      });

      it('keeps its own keys when a profile is rewritten with them', async () => {
        const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));

        await expect(store.profiles.replace(revisionOf(profile, { name: 'Renamed' }), 1)).resolves.toBeDefined();
      });
    });

    describe('deletion (replace with deletedAt)', () => {
      it('hides the profile from reads unless deleted ones are asked for', async () => {
        const profile = await store.profiles.create(aProfile());
        const deleted = revisionOf(profile, { deletedAt: at(9), updatedAt: at(9) });

        await store.profiles.replace(deleted, 1);

        expect(await store.profiles.get('live', profile.id)).toBeNull();
        expect(await store.profiles.get('live', profile.id, { includeDeleted: true })).toEqual(deleted);
      });

      it('releases its dedupe keys for a new profile', async () => {
        const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
        await store.profiles.replace(revisionOf(profile, { deletedAt: at(9) }), 1);

        await expect(store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }))).resolves.toBeDefined();
      });
    });

    describe('environment isolation', () => {
      it('keeps a test profile invisible to live reads and a live profile invisible to test reads', async () => {
        const sandbox = await store.profiles.create(aProfile({ environment: 'test', ownerId: 'acct_1' }));
        const live = await store.profiles.create(aProfile({ environment: 'live', ownerId: 'acct_1' }));

        expect(await store.profiles.get('live', sandbox.id)).toBeNull();
        expect(await store.profiles.get('live', sandbox.id, { includeDeleted: true })).toBeNull();
        expect(await store.profiles.get('test', live.id)).toBeNull();
        expect(await store.profiles.get('test', sandbox.id)).toEqual(sandbox);
        expect(await store.profiles.listByOwner('live', 'acct_1')).toEqual([live]);
        expect(await store.profiles.listByOwner('test', 'acct_1')).toEqual([sandbox]);
      });

      it('allows the same business in both environments', async () => {
        const keys = ['corner bakery|bs14dj|gb'];
        await store.profiles.create(aProfile({ environment: 'live', dedupeKeys: keys }));

        await expect(store.profiles.create(aProfile({ environment: 'test', dedupeKeys: keys }))).resolves.toBeDefined();
      });

      it('does not let a write in one environment replace a profile of the other', async () => {
        const sandbox = await store.profiles.create(aProfile({ environment: 'test' }));
        const live = await store.profiles.create(aProfile({ environment: 'live' }));

        await expect(store.profiles.replace(revisionOf(sandbox, { environment: 'live' }), 1)).rejects.toBeInstanceOf(
          PreconditionFailedError,
        );
        await expect(store.profiles.replace(revisionOf(live, { environment: 'test' }), 1)).rejects.toBeInstanceOf(
          PreconditionFailedError,
        );
        expect(await store.profiles.get('test', sandbox.id)).toEqual(sandbox);
        expect(await store.profiles.get('live', live.id)).toEqual(live);
      });
    });

    profileCategoryContentContract(suite);
    profileScanContract(suite);
    profilePublicPagesContract(suite);
    profileBulkLoadContract(suite);
    profileImportContract(suite);
    profileOwnerPageContract(suite);
  });
}

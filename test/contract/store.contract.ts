// The contract every Store adapter passes (SQLite now, MongoDB next), written only against the
// port: each adapter's test file calls storeContract once with a factory for a fresh, empty store.
// A case an engine cannot support is switched off through StoreCapabilities and shows up as a
// skipped test naming the reason, never as a forked copy of the suite.
import { ConflictError, PreconditionFailedError } from '../../src/domain/errors';
import type { BusinessProfile } from '../../src/domain/profile';
import type { ChangeBatch, ProfileChange } from '../../src/ports/changeFeed';
import type { Store } from '../../src/ports/store';
import {
  aMediaRecord,
  anAccount,
  anApiKey,
  aProfile,
  aRefreshToken,
  at,
  aVerification,
  revisionOf,
} from '../fixtures/profiles';

export interface StoreCapabilities {
  /** countAfter returns the exact number of pending changes (engines that can only estimate set false). */
  exactChangeCount?: boolean;
}

type TestFn = () => Promise<void>;

export function storeContract(
  name: string,
  createStore: () => Promise<Store>,
  /** Runs after each test, before the store is closed: drop the test database here. */
  cleanup?: (store: Store) => Promise<void>,
  capabilities: StoreCapabilities = {},
): void {
  const when = (supported: boolean | undefined, reason: string) =>
    supported === false
      ? (title: string, fn: TestFn) => {
          console.info(`[store contract: ${name}] skipped "${title}": ${reason}`);
          it.skip(`${title} (skipped: ${reason})`, fn);
        }
      : (title: string, fn: TestFn) => it(title, fn);

  describe(`Store contract: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
    });

    afterEach(async () => {
      await cleanup?.(store);
      await store.close();
    });

    /** Every change after `position`, following the feed page by page. */
    async function drain(position: string | null, pageSize = 100): Promise<ChangeBatch> {
      const changes: ProfileChange[] = [];
      let current = position;
      for (;;) {
        const batch = await store.changeFeed.read(current, pageSize, 0);
        changes.push(...batch.changes);
        current = batch.position;
        if (batch.changes.length < pageSize) return { changes, position: current };
      }
    }

    describe('accounts', () => {
      it('finds a created account by id and by email in any case', async () => {
        const account = anAccount({ email: 'ada@example.com', plan: 'professional' });

        expect(await store.accounts.create(account)).toEqual(account);

        expect(await store.accounts.findById(account.id)).toEqual(account);
        expect(await store.accounts.findByEmail('ada@example.com')).toEqual(account);
        expect(await store.accounts.findByEmail('Ada@Example.COM')).toEqual(account);
      });

      it('returns null for an unknown id or email', async () => {
        await store.accounts.create(anAccount());

        expect(await store.accounts.findById('acct_unknown')).toBeNull();
        expect(await store.accounts.findByEmail('nobody@example.com')).toBeNull();
      });

      it('rejects a second account with the same email, whatever its case, as DUPLICATE_EMAIL', async () => {
        await store.accounts.create(anAccount({ email: 'ada@example.com' }));
        const second = anAccount({ email: 'ADA@example.com' });

        const error = await store.accounts.create(second).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ code: 'DUPLICATE_EMAIL' });
        expect(await store.accounts.findById(second.id)).toBeNull();
      });

      it('applies a patch, moves updatedAt and keeps the other fields', async () => {
        const account = await store.accounts.create(anAccount({ name: 'Ada' }));

        const updated = await store.accounts.update(
          account.id,
          { plan: 'enterprise', partner: true, customLimits: { search: 5000 } },
          at(10),
        );

        const expected = { ...account, plan: 'enterprise', partner: true, customLimits: { search: 5000 }, updatedAt: at(10) };
        expect(updated).toEqual(expected);
        expect(await store.accounts.findById(account.id)).toEqual(expected);
      });

      it('treats a patch field given as undefined as not given', async () => {
        const account = await store.accounts.create(anAccount({ name: 'Ada', plan: 'professional' }));

        const updated = await store.accounts.update(account.id, { name: undefined, plan: undefined, suspended: true }, at(5));

        expect(updated).toEqual({ ...account, suspended: true, updatedAt: at(5) });
      });

      it('returns null when updating an unknown account', async () => {
        expect(await store.accounts.update('acct_unknown', { suspended: true }, at(1))).toBeNull();
      });

      it('counts admins, following role changes', async () => {
        expect(await store.accounts.countAdmins()).toBe(0);
        await store.accounts.create(anAccount({ role: 'admin' }));
        const user = await store.accounts.create(anAccount());
        expect(await store.accounts.countAdmins()).toBe(1);

        await store.accounts.update(user.id, { role: 'admin' }, at(1));

        expect(await store.accounts.countAdmins()).toBe(2);
      });
    });

    describe('api keys', () => {
      it('finds a key by its hash and returns null for an unknown hash', async () => {
        const key = anApiKey({ environment: 'test', scopes: ['read:businesses'] });

        expect(await store.apiKeys.create(key)).toEqual(key);

        expect(await store.apiKeys.findByHash(key.hash)).toEqual(key);
        expect(await store.apiKeys.findByHash('sha256-of-nothing')).toBeNull();
      });

      it("lists only the account's keys, newest first, revoked ones included", async () => {
        const accountId = 'acct_owner';
        const older = await store.apiKeys.create(anApiKey({ accountId, createdAt: at(1) }));
        const newer = await store.apiKeys.create(anApiKey({ accountId, createdAt: at(2) }));
        await store.apiKeys.create(anApiKey({ accountId: 'acct_other', createdAt: at(3) }));
        await store.apiKeys.revoke(accountId, older.id, at(4));

        const keys = await store.apiKeys.listByAccount(accountId);

        expect(keys.map((key) => key.id)).toEqual([newer.id, older.id]);
        expect(keys[1].revokedAt).toBe(at(4));
        expect(await store.apiKeys.listByAccount('acct_nobody')).toEqual([]);
      });

      it('revokes a key of the account, visible to later hash lookups', async () => {
        const key = await store.apiKeys.create(anApiKey());

        const revoked = await store.apiKeys.revoke(key.accountId, key.id, at(7));

        expect(revoked).toEqual({ ...key, revokedAt: at(7) });
        expect((await store.apiKeys.findByHash(key.hash))?.revokedAt).toBe(at(7));
      });

      it('keeps the first revocation time when a key is revoked again', async () => {
        const key = await store.apiKeys.create(anApiKey());
        await store.apiKeys.revoke(key.accountId, key.id, at(7));

        const again = await store.apiKeys.revoke(key.accountId, key.id, at(9));

        expect(again?.revokedAt).toBe(at(7));
      });

      it("refuses to revoke another account's key or an unknown key", async () => {
        const key = await store.apiKeys.create(anApiKey({ accountId: 'acct_owner' }));

        expect(await store.apiKeys.revoke('acct_intruder', key.id, at(1))).toBeNull();
        expect(await store.apiKeys.revoke('acct_owner', 'key_unknown', at(1))).toBeNull();
        expect((await store.apiKeys.findByHash(key.hash))?.revokedAt).toBeUndefined();
      });

      it('records when a key was last used', async () => {
        const key = await store.apiKeys.create(anApiKey());

        await store.apiKeys.touch(key.id, at(3));
        await store.apiKeys.touch(key.id, at(4));

        expect(await store.apiKeys.findByHash(key.hash)).toEqual({ ...key, lastUsedAt: at(4) });
      });
    });

    describe('refresh tokens', () => {
      it('finds a token by its hash and returns null for an unknown hash', async () => {
        const token = aRefreshToken();
        await store.refreshTokens.create(token);

        expect(await store.refreshTokens.findByHash(token.hash)).toEqual(token);
        expect(await store.refreshTokens.findByHash('sha256-of-nothing')).toBeNull();
      });

      it('marks a token used once; presenting it again is reuse', async () => {
        const token = aRefreshToken();
        await store.refreshTokens.create(token);

        expect(await store.refreshTokens.markUsed(token.id, at(1))).toBe(true);
        expect(await store.refreshTokens.markUsed(token.id, at(2))).toBe(false);
        expect((await store.refreshTokens.findByHash(token.hash))?.usedAt).toBe(at(1));
      });

      it('lets exactly one of two simultaneous refreshes with the same token win', async () => {
        const token = aRefreshToken();
        await store.refreshTokens.create(token);

        const results = await Promise.all([
          store.refreshTokens.markUsed(token.id, at(1)),
          store.refreshTokens.markUsed(token.id, at(1)),
        ]);

        expect(results.filter(Boolean)).toHaveLength(1);
      });

      it('returns false when marking an unknown token', async () => {
        expect(await store.refreshTokens.markUsed('rt_unknown', at(1))).toBe(false);
      });

      it('revokes a whole family so none of its tokens can be used, leaving other families alone', async () => {
        const familyId = 'fam_stolen';
        const used = aRefreshToken({ familyId });
        const current = aRefreshToken({ familyId });
        const otherFamily = aRefreshToken();
        for (const token of [used, current, otherFamily]) await store.refreshTokens.create(token);
        await store.refreshTokens.markUsed(used.id, at(1));

        await store.refreshTokens.revokeFamily(familyId, at(2));

        expect(await store.refreshTokens.markUsed(current.id, at(3))).toBe(false);
        expect((await store.refreshTokens.findByHash(current.hash))?.revokedAt).toBe(at(2));
        expect(await store.refreshTokens.findByHash(used.hash)).toMatchObject({ usedAt: at(1), revokedAt: at(2) });
        expect(await store.refreshTokens.markUsed(otherFamily.id, at(3))).toBe(true);
      });
    });

    describe('profiles', () => {
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

      describe('exclusiveContentInCategory', () => {
        it("returns other live profiles' exclusive content of the category, newest first, the fields joined by newlines", async () => {
          const self = await store.profiles.create(
            aProfile({ category: 'bakery', exclusiveContent: { insiderTips: 'Mine' }, updatedAt: at(9) }),
          );
          const older = await store.profiles.create(
            aProfile({ category: 'Bakery', exclusiveContent: { localSecrets: 'Old secret' }, updatedAt: at(1) }),
          );
          const newer = await store.profiles.create(
            aProfile({
              category: 'BAKERY',
              updatedAt: at(2),
              exclusiveContent: {
                insiderTips: 'Tip',
                localSecrets: 'Secret',
                behindTheScenes: 'Ovens at 3am',
                sustainabilityPractices: 'Flour from a local mill',
              },
            }),
          );
          await store.profiles.create(aProfile({ category: 'bakery', exclusiveContent: {}, updatedAt: at(3) }));
          await store.profiles.create(aProfile({ category: 'florist', exclusiveContent: { insiderTips: 'Other' } }));
          const gone = await store.profiles.create(aProfile({ category: 'bakery', exclusiveContent: { insiderTips: 'Gone' } }));
          await store.profiles.replace(revisionOf(gone, { deletedAt: at(4) }), 1);

          const content = await store.profiles.exclusiveContentInCategory('live', 'bakery', self.id, 10);

          expect(content).toEqual([
            { id: newer.id, text: 'Tip\nSecret\nOvens at 3am\nFlour from a local mill' },
            { id: older.id, text: 'Old secret' },
          ]);
        });

        it('returns at most `limit` entries', async () => {
          for (let i = 0; i < 4; i++) {
            await store.profiles.create(aProfile({ exclusiveContent: { insiderTips: `Tip ${i}` }, updatedAt: at(i) }));
          }

          const content = await store.profiles.exclusiveContentInCategory('live', 'bakery', 'biz_none', 2);

          expect(content.map((entry) => entry.text)).toEqual(['Tip 3', 'Tip 2']);
        });

        it('only looks inside the environment asked for, both ways', async () => {
          const live = await store.profiles.create(aProfile({ environment: 'live', exclusiveContent: { insiderTips: 'Live' } }));
          const sandbox = await store.profiles.create(
            aProfile({ environment: 'test', exclusiveContent: { insiderTips: 'Sandbox' } }),
          );

          expect(await store.profiles.exclusiveContentInCategory('live', 'bakery', 'biz_none', 10)).toEqual([
            { id: live.id, text: 'Live' },
          ]);
          expect(await store.profiles.exclusiveContentInCategory('test', 'bakery', 'biz_none', 10)).toEqual([
            { id: sandbox.id, text: 'Sandbox' },
          ]);
        });
      });

      describe('scan', () => {
        it('pages through every non-deleted profile of both environments in a stable order', async () => {
          const created: BusinessProfile[] = [];
          for (let i = 0; i < 5; i++) {
            created.push(await store.profiles.create(aProfile({ environment: i % 2 === 0 ? 'live' : 'test' })));
          }
          const deleted = await store.profiles.create(aProfile());
          await store.profiles.replace(revisionOf(deleted, { deletedAt: at(1) }), 1);

          const seen: string[] = [];
          let after: string | undefined;
          let pages = 0;
          do {
            const page = await store.profiles.scan({ after, limit: 2 });
            seen.push(...page.profiles.map((profile) => profile.id));
            after = page.next;
            pages += 1;
          } while (after !== undefined && pages < 10);

          expect(seen).toHaveLength(5);
          expect(new Set(seen)).toEqual(new Set(created.map((profile) => profile.id)));
          const again = await store.profiles.scan({ limit: 10 });
          expect(again.profiles.map((profile) => profile.id)).toEqual(seen);
          expect(again.next).toBeUndefined();
          expect(await store.profiles.countScannable()).toBe(5);
        });

        it('returns an empty page for an empty store', async () => {
          const page = await store.profiles.scan({ limit: 10 });

          expect(page.profiles).toEqual([]);
          expect(page.next).toBeUndefined();
          expect(await store.profiles.countScannable()).toBe(0);
        });
      });
    });

    describe('verifications', () => {
      it('stores a request and reads it back; unknown ids are null', async () => {
        const request = aVerification({ level: 'premium' });

        expect(await store.verifications.create(request)).toEqual(request);
        expect(await store.verifications.get(request.id)).toEqual(request);
        expect(await store.verifications.get('ver_unknown')).toBeNull();
      });

      it('rejects a second request while one is pending as VERIFICATION_PENDING', async () => {
        const first = await store.verifications.create(aVerification({ businessId: 'biz_1' }));
        const second = aVerification({ businessId: 'biz_1' });

        const error = await store.verifications.create(second).catch((e: unknown) => e);

        expect(error).toBeInstanceOf(ConflictError);
        expect(error).toMatchObject({ code: 'VERIFICATION_PENDING' });
        expect(await store.verifications.get(second.id)).toBeNull();
        expect(await store.verifications.listByBusiness('live', 'biz_1')).toEqual([first]);
      });

      it('accepts a new request once the pending one is decided', async () => {
        const first = await store.verifications.create(aVerification({ businessId: 'biz_1' }));
        await store.verifications.decide(first.id, { status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(1) });

        await expect(store.verifications.create(aVerification({ businessId: 'biz_1' }))).resolves.toBeDefined();
      });

      it('lets different businesses each have a pending request', async () => {
        await store.verifications.create(aVerification({ businessId: 'biz_1' }));

        await expect(store.verifications.create(aVerification({ businessId: 'biz_2' }))).resolves.toBeDefined();
      });

      it("lists a business's history newest first, within its environment only, both ways", async () => {
        const older = await store.verifications.create(
          aVerification({ businessId: 'biz_1', createdAt: at(1), status: 'rejected' }),
        );
        const newer = await store.verifications.create(aVerification({ businessId: 'biz_1', createdAt: at(2) }));
        const sandbox = await store.verifications.create(
          aVerification({ businessId: 'biz_1', environment: 'test', createdAt: at(3) }),
        );

        expect(await store.verifications.listByBusiness('live', 'biz_1')).toEqual([newer, older]);
        expect(await store.verifications.listByBusiness('test', 'biz_1')).toEqual([sandbox]);
        expect(await store.verifications.listByBusiness('live', 'biz_none')).toEqual([]);
      });

      it('lists pending requests of every business newest first, up to the limit', async () => {
        const a = await store.verifications.create(aVerification({ createdAt: at(1) }));
        const b = await store.verifications.create(aVerification({ createdAt: at(2), environment: 'test' }));
        const c = await store.verifications.create(aVerification({ createdAt: at(3) }));
        const decided = await store.verifications.create(aVerification({ createdAt: at(4) }));
        await store.verifications.decide(decided.id, { status: 'approved', decidedBy: 'acct_admin', decidedAt: at(5) });

        expect(await store.verifications.listPending(10)).toEqual([c, b, a]);
        expect(await store.verifications.listPending(2)).toEqual([c, b]);
      });

      it('decides a pending request once; a second decision or an unknown id gets null', async () => {
        const request = await store.verifications.create(aVerification());
        const decision = { status: 'approved' as const, decidedBy: 'acct_admin', decisionNote: 'Licence checked', decidedAt: at(5) };

        const decided = await store.verifications.decide(request.id, decision);

        expect(decided).toEqual({ ...request, ...decision });
        expect(await store.verifications.get(request.id)).toEqual({ ...request, ...decision });
        expect(
          await store.verifications.decide(request.id, { status: 'rejected', decidedBy: 'acct_other', decidedAt: at(6) }),
        ).toBeNull();
        expect((await store.verifications.get(request.id))?.status).toBe('approved');
        expect(await store.verifications.decide('ver_unknown', decision)).toBeNull();
      });

      it('records a rejection without a note as having no note', async () => {
        const request = await store.verifications.create(aVerification());

        const decided = await store.verifications.decide(request.id, {
          status: 'rejected',
          decidedBy: 'acct_admin',
          decidedAt: at(5),
        });

        expect(decided).toEqual({ ...request, status: 'rejected', decidedBy: 'acct_admin', decidedAt: at(5) });
        expect(decided).not.toHaveProperty('decisionNote');
      });
    });

    describe('media records', () => {
      it('stores a record and reads it back; unknown ids are null', async () => {
        const record = aMediaRecord({ type: 'logo', contentType: 'image/png' });

        expect(await store.media.create(record)).toEqual(record);
        expect(await store.media.get(record.id)).toEqual(record);
        expect(await store.media.get('med_unknown')).toBeNull();
      });

      it('marks a record deleted once, after which it is not returned', async () => {
        const record = await store.media.create(aMediaRecord());

        expect(await store.media.markDeleted(record.id, at(3))).toBe(true);
        expect(await store.media.get(record.id)).toBeNull();
        expect(await store.media.markDeleted(record.id, at(4))).toBe(false);
        expect(await store.media.markDeleted('med_unknown', at(4))).toBe(false);
      });
    });

    describe('checkpoints', () => {
      it('loads null for a consumer that never saved', async () => {
        expect(await store.checkpoints.load('search-indexer')).toBeNull();
      });

      it('round-trips a saved position per consumer, the latest save winning', async () => {
        await store.checkpoints.save('search-indexer', 'position-1');
        await store.checkpoints.save('search-indexer', 'position-2');
        await store.checkpoints.save('analytics', 'position-9');

        expect(await store.checkpoints.load('search-indexer')).toBe('position-2');
        expect(await store.checkpoints.load('analytics')).toBe('position-9');
      });
    });

    describe('change feed', () => {
      it('is empty for a new store', async () => {
        expect(await store.changeFeed.head()).toBeNull();
        expect(await store.changeFeed.read(null, 10, 0)).toEqual({ changes: [], position: null });
      });

      it('records creates, updates and deletes in order with the profile as stored', async () => {
        const profile = await store.profiles.create(aProfile());
        const other = await store.profiles.create(aProfile({ environment: 'test' }));
        const updated = revisionOf(profile, { name: 'Renamed' });
        await store.profiles.replace(updated, 1);
        const deleted = revisionOf(updated, { deletedAt: at(9) });
        await store.profiles.replace(deleted, 2);

        const { changes } = await drain(null);

        expect(changes.map((change) => [change.profileId, change.environment])).toEqual([
          [profile.id, 'live'],
          [other.id, 'test'],
          [profile.id, 'live'],
          [profile.id, 'live'],
        ]);
        expect(changes[1].profile).toEqual(other);
        // The newest change carries the profile as stored now, deletedAt included, so an indexer can remove it.
        expect(changes[3].profile).toEqual(deleted);
        for (const change of changes) expect(typeof change.at).toBe('string');
        expect(new Set(changes.map((change) => change.position)).size).toBe(4);
      });

      it('reports the newest position as head', async () => {
        await store.profiles.create(aProfile());
        await store.profiles.create(aProfile());

        const { position } = await drain(null);

        expect(await store.changeFeed.head()).toBe(position);
      });

      it('resumes from a returned position without repeating or skipping changes', async () => {
        const ids: string[] = [];
        for (let i = 0; i < 5; i++) ids.push((await store.profiles.create(aProfile())).id);

        const first = await store.changeFeed.read(null, 2, 0);
        const second = await store.changeFeed.read(first.position, 2, 0);
        const third = await store.changeFeed.read(second.position, 2, 0);
        const end = await store.changeFeed.read(third.position, 2, 0);

        expect([first, second, third].map((batch) => batch.changes.length)).toEqual([2, 2, 1]);
        expect([...first.changes, ...second.changes, ...third.changes].map((change) => change.profileId)).toEqual(ids);
        expect(first.position).toBe(first.changes[1].position);
        expect(end).toEqual({ changes: [], position: third.position });
      });

      it('returns writes made after a read when read again from its position', async () => {
        await store.profiles.create(aProfile());
        const { position } = await drain(null);

        const later = await store.profiles.create(aProfile({ environment: 'test' }));
        const batch = await store.changeFeed.read(position, 10, 0);

        expect(batch.changes.map((change) => change.profileId)).toEqual([later.id]);
        expect(batch.changes[0].profile).toEqual(later);
      });

      it('records nothing for writes that failed', async () => {
        const profile = await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] }));
        const { position } = await drain(null);

        await store.profiles.create(aProfile({ dedupeKeys: ['phone:+441170000001'] })).catch(() => undefined);
        await store.profiles.replace(revisionOf(profile, { name: 'Stale' }), 7).catch(() => undefined);

        expect(await store.changeFeed.read(position, 10, 0)).toEqual({ changes: [], position });
        expect(await store.changeFeed.head()).toBe(position);
      });

      it('wakes a waiting reader when a profile is written', async () => {
        await store.profiles.create(aProfile());
        const { position } = await drain(null);

        const waiting = store.changeFeed.read(position, 10, 20_000);
        const written = await store.profiles.create(aProfile());
        const batch = await waiting;

        expect(batch.changes.map((change) => change.profileId)).toEqual([written.id]);
      });

      it('returns an empty batch at the same position when nothing is written while waiting', async () => {
        await store.profiles.create(aProfile());
        const { position } = await drain(null);

        expect(await store.changeFeed.read(position, 10, 30)).toEqual({ changes: [], position });
      });

      when(capabilities.exactChangeCount, 'this engine only estimates the number of pending changes')(
        'counts the changes after a position',
        async () => {
          for (let i = 0; i < 3; i++) await store.profiles.create(aProfile());
          const first = await store.changeFeed.read(null, 1, 0);

          expect(await store.changeFeed.countAfter(null)).toBe(3);
          expect(await store.changeFeed.countAfter(first.position)).toBe(2);
          expect(await store.changeFeed.countAfter(await store.changeFeed.head())).toBe(0);
        },
      );

      it('releases a waiting reader when the feed is closed', async () => {
        const waiting = store.changeFeed.read(null, 10, 60_000);

        await store.changeFeed.close();

        await expect(waiting).resolves.toEqual({ changes: [], position: null });
      });
    });

    describe('lifecycle', () => {
      it('answers ping', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });

      it('closes, and closing again is harmless', async () => {
        await expect(store.close()).resolves.toBeUndefined();
        await expect(store.close()).resolves.toBeUndefined();
      });
    });
  });
}

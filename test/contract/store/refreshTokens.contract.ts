// Store contract, refresh tokens: single use (reuse detection) and revoking a whole family.
import type { Store } from '../../../src/ports/store';
import { aRefreshToken, at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function refreshTokensContract(suite: StoreSuite): void {
  describe('refresh tokens', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

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
}

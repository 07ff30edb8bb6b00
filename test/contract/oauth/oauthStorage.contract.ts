// The OAuthStorage rules (src/ports/oauthStorage.ts), run on every adapter.
import type { OAuthStorage, StoredSigningKey } from '../../../src/ports/oauthStorage';

function signingKey(generation: number, kid: string): StoredSigningKey {
  return {
    generation,
    kid,
    alg: 'ES256',
    publicJwk: { kty: 'EC', crv: 'P-256', x: `x${generation}`, y: `y${generation}` },
    sealedPrivateJwk: `v1.sealed.${kid}`,
    createdAt: '2026-01-01T00:00:00.000Z',
    activatesAt: '2026-01-02T00:00:00.000Z',
  };
}

export function oauthStorageContract(name: string, open: (now: () => number) => Promise<OAuthStorage>): void {
  describe(`OAuthStorage contract: ${name}`, () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    let storage: OAuthStorage;
    beforeAll(async () => {
      storage = await open(() => now);
    });
    afterAll(() => storage.close());

    test('upsert then find returns the payload; replace keeps one record', async () => {
      await storage.upsert('Grant', 'g1', { accountId: 'acct_1', clientId: 'c1', n: 1 }, { accountId: 'acct_1', clientId: 'c1' });
      await storage.upsert('Grant', 'g1', { accountId: 'acct_1', clientId: 'c1', n: 2 }, { accountId: 'acct_1', clientId: 'c1' });
      expect(await storage.find('Grant', 'g1')).toEqual({ accountId: 'acct_1', clientId: 'c1', n: 2 });
      expect(await storage.list('Grant', { accountId: 'acct_1' })).toEqual([{ accountId: 'acct_1', clientId: 'c1', n: 2 }]);
      expect(await storage.find('AccessToken', 'g1')).toBeUndefined();
    });

    test('an expired record is neither found nor listed', async () => {
      await storage.upsert('AuthorizationCode', 'code1', { uid: 'u1' }, { uid: 'u1', accountId: 'acct_2' }, new Date(now + 600_000));
      expect(await storage.findBy('AuthorizationCode', 'uid', 'u1')).toEqual({ uid: 'u1' });
      now += 600_001;
      expect(await storage.find('AuthorizationCode', 'code1')).toBeUndefined();
      expect(await storage.findBy('AuthorizationCode', 'uid', 'u1')).toBeUndefined();
      expect(await storage.list('AuthorizationCode', { accountId: 'acct_2' })).toEqual([]);
    });

    test('consume marks once and find shows when', async () => {
      await storage.upsert('AuthorizationCode', 'code2', { a: 1 }, {}, new Date(now + 600_000));
      await storage.consume('AuthorizationCode', 'code2', 1_700_000_000);
      await storage.consume('AuthorizationCode', 'code2', 1_800_000_000);
      expect(await storage.find('AuthorizationCode', 'code2')).toEqual({ a: 1, consumed: 1_700_000_000 });
    });

    test('removeWhere removes every kind of a grant, and only those', async () => {
      await storage.upsert('AccessToken', 'at1', { grantId: 'gr9' }, { grantId: 'gr9', clientId: 'c9' });
      await storage.upsert('RefreshToken', 'rt1', { grantId: 'gr9' }, { grantId: 'gr9', clientId: 'c9' });
      await storage.upsert('AccessToken', 'at2', { grantId: 'other' }, { grantId: 'other', clientId: 'c9' });
      expect(await storage.removeWhere({ grantId: 'gr9' })).toBe(2);
      expect(await storage.find('AccessToken', 'at1')).toBeUndefined();
      expect(await storage.find('RefreshToken', 'rt1')).toBeUndefined();
      expect(await storage.find('AccessToken', 'at2')).toEqual({ grantId: 'other' });
      expect(await storage.removeWhere({ clientId: 'c9' })).toBe(1);
      await storage.destroy('Grant', 'g1');
      expect(await storage.find('Grant', 'g1')).toBeUndefined();
    });

    test('a signing key generation is stored once: the second insert of it loses and changes nothing', async () => {
      expect(await storage.signingKeys.list()).toEqual([]);
      expect(await storage.signingKeys.insert(signingKey(2, 'kid-b'))).toBe(true);
      expect(await storage.signingKeys.insert(signingKey(1, 'kid-a'))).toBe(true);
      expect(await storage.signingKeys.insert(signingKey(1, 'kid-other'))).toBe(false);
      expect(await storage.signingKeys.list()).toEqual([signingKey(1, 'kid-a'), signingKey(2, 'kid-b')]);
    });

    test('removing a signing key leaves the others', async () => {
      await storage.signingKeys.remove(1);
      await storage.signingKeys.remove(7);
      expect((await storage.signingKeys.list()).map((key) => key.kid)).toEqual(['kid-b']);
    });
  });
}

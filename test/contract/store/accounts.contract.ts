// Store contract, accounts: lookup by id and case-blind email, unique emails, patches, admin count.
import { ConflictError } from '../../../src/domain/errors';
import type { Store } from '../../../src/ports/store';
import { anAccount, at } from '../../fixtures/profiles';
import type { StoreSuite } from './storeSuite';

export function accountsContract(suite: StoreSuite): void {
  describe('accounts', () => {
    let store: Store;
    beforeEach(() => (store = suite.store()));

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
        { plan: 'enterprise', customLimits: { search: 5000 } },
        at(10),
      );

      const expected = { ...account, plan: 'enterprise', customLimits: { search: 5000 }, updatedAt: at(10) };
      expect(updated).toEqual(expected);
      expect(await store.accounts.findById(account.id)).toEqual(expected);
    });

    it('removes the custom limits when the patch sets them to null', async () => {
      const account = await store.accounts.create(anAccount({ plan: 'enterprise', customLimits: { search: 5000 } }));

      const updated = await store.accounts.update(account.id, { customLimits: null, suspended: true }, at(3));

      const { customLimits: _removed, ...rest } = account;
      const expected = { ...rest, suspended: true, updatedAt: at(3) };
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
}

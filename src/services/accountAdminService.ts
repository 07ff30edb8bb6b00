// What an admin may change on an account: plan, suspension, partnership, custom limits.
import type { Account } from '../domain/account';
import { NotFoundError } from '../domain/errors';
import type { AccountPatch, Store } from '../ports/store';
import type { Clock } from './profileMutation';

export function presentAccount(account: Account) {
  const { passwordHash: _hidden, ...visible } = account;
  return visible;
}

export function createAccountAdminService({ store, clock }: { store: Store; clock: Clock }) {
  async function update(accountId: string, patch: AccountPatch) {
    const updated = await store.accounts.update(accountId, patch, clock().toISOString());
    if (!updated) throw new NotFoundError(`Account ${accountId} does not exist`, 'ACCOUNT_NOT_FOUND');
    return presentAccount(updated);
  }
  return { update };
}

export type AccountAdminService = ReturnType<typeof createAccountAdminService>;

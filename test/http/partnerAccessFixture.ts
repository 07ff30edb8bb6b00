// Makes an account a partner for tests that are not about partnerships themselves.
import type { Actor } from './actors';
import type { TestApp } from './testApp';

export async function grantPartnerAccess(app: TestApp, actor: Actor): Promise<void> {
  await app.store.accounts.update(actor.accountId, { partner: true }, new Date().toISOString());
}

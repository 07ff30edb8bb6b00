// Who imported businesses belong to. Open data names no owner, so by default they belong to one
// account of their own, "Unclaimed listings", created on first use: it has no password anyone could
// type (its hash is no scrypt hash, which verifyPassword always refuses), no API key and the free
// plan, so nobody acts as the owner of an unclaimed listing; an operator may instead name an account
// of theirs with --owner. A re-import only writes over profiles that account still owns.
import type { Account } from '../../domain/account';
import { ConflictError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import type { Store } from '../../ports/store';

/** The address of the default owner: `.invalid` is reserved (RFC 2606), so no mail can ever reach it. */
export const UNCLAIMED_LISTINGS_EMAIL = 'unclaimed-listings@imports.invalid';
/** Never a valid encoded password (domain/passwordHash.ts): signing in as this account always fails. */
const NO_PASSWORD = 'none:imported listings have no owner to sign in';

export async function importOwner(store: Pick<Store, 'accounts'>, owner: string | undefined, now: Date): Promise<Account> {
  if (owner !== undefined) {
    const found = owner.startsWith('acct_') ? await store.accounts.findById(owner) : await store.accounts.findByEmail(owner.toLowerCase());
    if (!found) throw new ValidationError('owner', `names no account (give an account id acct_... or the email an account signed up with): ${owner}`);
    return found;
  }
  const existing = await store.accounts.findByEmail(UNCLAIMED_LISTINGS_EMAIL);
  if (existing) return existing;
  const at = now.toISOString();
  const account = store.accounts.create({
    id: newId('acct'),
    email: UNCLAIMED_LISTINGS_EMAIL,
    name: 'Unclaimed listings',
    passwordHash: NO_PASSWORD,
    plan: 'free',
    role: 'user',
    suspended: false,
    createdAt: at,
    updatedAt: at,
  });
  // Two imports starting together: the one that lost the race uses the account the other made.
  return account.catch(async (error: unknown) => {
    if (!(error instanceof ConflictError)) throw error;
    const made = await store.accounts.findByEmail(UNCLAIMED_LISTINGS_EMAIL);
    if (!made) throw error;
    return made;
  });
}

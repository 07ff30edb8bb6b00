// What an admin may change on an account: plan, suspension, custom limits. Partnership is no longer
// a flag here but agreements (services/partners); `partner` in the answer is read from them.
import type { Account, Plan } from '../domain/account';
import { NotFoundError, PreconditionFailedError, ValidationError } from '../domain/errors';
import { agreementState } from '../domain/partnerAgreement';
import type { BusinessProfile, Environment } from '../domain/profile';
import type { AccountPatch, Store } from '../ports/store';
import type { Clock } from './profileMutation';

const ENVIRONMENTS: readonly Environment[] = ['live', 'test'];
const MAX_RACE_RETRIES = 3;

export function presentAccount(account: Account) {
  // Cleared limits are stored as null; the documented Account shape has no null.
  const { passwordHash: _hidden, customLimits, ...visible } = account;
  return { ...visible, ...(customLimits && { customLimits }) };
}

/**
 * Custom limits belong to the enterprise plan (spec 8: "custom"), the only plan they affect: on
 * any other plan they are refused rather than stored without effect, and leaving enterprise
 * drops them so that they cannot come back unnoticed with a later upgrade.
 */
export function withCustomLimitRule(current: Pick<Account, 'plan' | 'customLimits'>, patch: AccountPatch): AccountPatch {
  const plan: Plan = patch.plan ?? current.plan;
  if (plan === 'enterprise') return patch;
  if (patch.customLimits) {
    throw new ValidationError(
      'customLimits',
      `apply to the enterprise plan only; this account would be on the ${plan} plan`,
      `Custom limits apply to the enterprise plan only; this account would be on the ${plan} plan. Set plan to enterprise in the same request.`,
    );
  }
  return current.customLimits ? { ...patch, customLimits: null } : patch;
}

export function createAccountAdminService({ store, clock }: { store: Store; clock: Clock }) {
  const notFound = (accountId: string) => new NotFoundError(`Account ${accountId} does not exist`, 'ACCOUNT_NOT_FOUND');

  /**
   * Marks (or unmarks) one profile as belonging to a suspended account. Not through
   * ProfileAccess.mutate: this is no edit of the listing, so updatedAt and the scores derived
   * from it (freshness) stay as they were. The version moves, which sends the change to the indexer.
   */
  async function markOwnerSuspended(profile: BusinessProfile, suspended: boolean): Promise<void> {
    let current: BusinessProfile | null = profile;
    for (let attempt = 0; current !== null && (current.ownerSuspended === true) !== suspended; attempt++) {
      const { ownerSuspended: _previous, ...rest } = current;
      try {
        await store.profiles.replace({ ...rest, ...(suspended && { ownerSuspended: true as const }), version: current.version + 1 }, current.version);
        return;
      } catch (error) {
        if (!(error instanceof PreconditionFailedError) || attempt >= MAX_RACE_RETRIES) throw error;
        // Written meanwhile (kept its flag or not) or deleted (null): start again from what is stored.
        current = await store.profiles.get(current.environment, current.id);
      }
    }
  }

  /** Idempotent: repeating the admin's request finishes a run that failed halfway. */
  async function syncListings(ownerId: string, suspended: boolean): Promise<void> {
    for (const environment of ENVIRONMENTS) {
      for (const profile of await store.profiles.listByOwner(environment, ownerId)) {
        await markOwnerSuspended(profile, suspended);
      }
    }
  }

  async function update(accountId: string, patch: AccountPatch & { partner?: unknown }) {
    if (patch.partner !== undefined) {
      throw new ValidationError(
        'partner',
        'is replaced by partnership agreements: POST /v1/admin/partner-agreements',
        'partner is no longer a flag: record a partnership agreement with POST /v1/admin/partner-agreements (or npm run partner:agreement), and suspend or terminate it there.',
      );
    }
    const current = await store.accounts.findById(accountId);
    if (!current) throw notFound(accountId);
    const updated = await store.accounts.update(accountId, withCustomLimitRule(current, patch), clock().toISOString());
    if (!updated) throw notFound(accountId);
    // The account first: from here the owner's credentials are refused, so no new profile can
    // appear behind the listing (a request already past authentication is caught by a repeat).
    if (patch.suspended !== undefined) await syncListings(accountId, updated.suspended);
    // Read-only, for clients of the old flag: whether an agreement of the account is in force today.
    const now = clock();
    const partner = (await store.partnerAgreements.listByAccount(accountId)).some((agreement) => agreementState(agreement, now) === 'in_force');
    return { ...presentAccount(updated), partner };
  }

  return { update };
}

export type AccountAdminService = ReturnType<typeof createAccountAdminService>;

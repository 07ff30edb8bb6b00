// The contract every Store adapter passes (SQLite now, MongoDB next), written only against the
// port: each adapter's test file calls storeContract once with a factory for a fresh, empty store.
// A case an engine cannot support is switched off through StoreCapabilities and shows up as a
// skipped test naming the reason, never as a forked copy of the suite. The cases live in
// ./store/, one file per area of the port; this entry opens the store per test and runs them all.
import type { Store } from '../../src/ports/store';
import { accountsContract } from './store/accounts.contract';
import { analyticsPlatformsContract } from './store/analyticsPlatforms.contract';
import { apiKeysContract } from './store/apiKeys.contract';
import { bookingsContract } from './store/bookings.contract';
import { changeFeedContract } from './store/changeFeed.contract';
import { checkpointsContract } from './store/checkpoints.contract';
import { idempotencyKeysContract } from './store/idempotencyKeys.contract';
import { lifecycleContract } from './store/lifecycle.contract';
import { mediaContract } from './store/media.contract';
import { partnerAgreementsContract } from './store/partnerAgreements.contract';
import { profilesContract } from './store/profiles.contract';
import { refreshTokensContract } from './store/refreshTokens.contract';
import { reviewsContract } from './store/reviews.contract';
import { summaryReportsContract } from './store/summaryReports.contract';
import { informationReportsContract } from './store/informationReports.contract';
import { freshStorePerTest, type StoreCapabilities, type StoreSuite } from './store/storeSuite';
import { verificationsContract } from './store/verifications.contract';
import { webhooksContract } from './store/webhooks.contract';
import { paymentsContract } from './store/payments.contract';
import { paymentAccountsContract } from './store/paymentAccounts.contract';
import { providerEventInboxContract } from './store/providerEventInbox.contract';

export type { StoreCapabilities } from './store/storeSuite';

export function storeContract(
  name: string,
  createStore: () => Promise<Store>,
  /** Runs after each test, before the store is closed: drop the test database here. */
  cleanup?: (store: Store) => Promise<void>,
  capabilities: StoreCapabilities = {},
): void {
  describe(`Store contract: ${name}`, () => {
    const suite: StoreSuite = { name, capabilities, store: freshStorePerTest(createStore, cleanup) };

    accountsContract(suite);
    apiKeysContract(suite);
    refreshTokensContract(suite);
    profilesContract(suite);
    verificationsContract(suite);
    mediaContract(suite);
    partnerAgreementsContract(suite);
    checkpointsContract(suite);
    idempotencyKeysContract(suite);
    analyticsPlatformsContract(suite);
    changeFeedContract(suite);
    lifecycleContract(suite);
    webhooksContract(suite);
    reviewsContract(suite);
    bookingsContract(suite);
    summaryReportsContract(suite);
    informationReportsContract(suite);
    paymentsContract(suite);
    paymentAccountsContract(suite);
    providerEventInboxContract(suite);
  });
}

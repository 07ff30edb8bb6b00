// The embedded default Store: one SQLite file (WAL) holding every repository and the change feed.
// Statements are prepared once here, per store, because these lookups sit on every request's path.
import type { Store } from '../../../ports/store';
import { openDatabase, runMigrations } from '../openDatabase';
import { backfillCategoryKeys } from './categoryBackfill';
import { createAccountRepository } from './accountRepository';
import { ANALYTICS_PLATFORMS_COMPONENT, analyticsPlatformMigrations, createAnalyticsPlatformRepository } from './analyticsPlatformRepository';
import { createApiKeyRepository } from './apiKeyRepository';
import { createBookingRepository } from './bookingRepository';
import { createSqliteChangeFeed } from './changeFeed';
import { createChangeSignal } from './changeSignal';
import { createCheckpointRepository } from './checkpointRepository';
import { createStoreJournal } from '../../storeJournal';
import { createIdempotencyKeyRepository } from './idempotencyKeyRepository';
import { createMediaRepository } from './mediaRepository';
import { PARTNER_AGREEMENTS_COMPONENT, createPartnerAgreementRepository, partnerAgreementMigrations } from './partnerAgreementRepository';
import { createProfileRepository } from './profileRepository';
import { createRefreshTokenRepository } from './refreshTokenRepository';
import { createReviewRepository } from './reviewRepository';
import { STORE_COMPONENT, storeMigrations } from './schema';
import { SUMMARY_REPORTS_COMPONENT, createSummaryReportRepository, summaryReportMigrations } from './summaryReportRepository';
import { INFORMATION_REPORTS_COMPONENT, createInformationReportRepository, informationReportMigrations } from './informationReportRepository';
import type { Synchronous } from './synchronous';
import { createVerificationRepository } from './verificationRepository';
import { createOutboxWriter } from './webhookOutbox';
import { createWebhookRepository } from './webhookRepository';
import { createPaymentAccountRepository, createPlanSubscriptionRepository } from './paymentAccountRepository';
import { createPaymentRepository } from './paymentRepository';
import { PAYMENTS_COMPONENT, paymentMigrations } from './paymentSchema';
import { createProviderEventInbox } from './providerEventInbox';

export interface SqliteStoreOptions {
  /** Database file (e.g. `${DATA_DIR}/store.sqlite`), or ':memory:' for tests. */
  file: string;
  /**
   * Page cache of this connection, in MiB (SQLite's default is 2). A bulk import's connection gives
   * its indexes room: past a few hundred thousand profiles their pages no longer fit in 2 MiB and
   * every write reads them back from the file.
   */
  cacheMiB?: number;
  /**
   * Write-ahead log size, in MiB, past which a commit of this connection copies the log into the
   * database (SQLite's default: 1 000 pages, about 4 MiB). A bulk writer's larger setting makes
   * that copy, and its sync, once every few of its transactions instead of after each.
   */
  checkpointMiB?: number;
}

export interface SqliteStore extends Store {
  /**
   * Change-feed retention: drops the changes before `position` and returns how many went.
   * Readers resuming from an older position then get ChangeHistoryLostError and must reindex.
   */
  pruneChangesBefore(position: string): number;
}

export function createSqliteStore(options: SqliteStoreOptions): SqliteStore {
  const db = openDatabase({ file: options.file });
  if (options.cacheMiB !== undefined) db.pragma(`cache_size = ${-Math.max(1, Math.trunc(options.cacheMiB)) * 1024}`);
  if (options.checkpointMiB !== undefined) {
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    db.pragma(`wal_autocheckpoint = ${Math.max(1, Math.round((options.checkpointMiB * 1024 * 1024) / pageSize))}`);
  }
  try {
    runMigrations(db, STORE_COMPONENT, storeMigrations);
    runMigrations(db, ANALYTICS_PLATFORMS_COMPONENT, analyticsPlatformMigrations);
    runMigrations(db, PARTNER_AGREEMENTS_COMPONENT, partnerAgreementMigrations);
    runMigrations(db, SUMMARY_REPORTS_COMPONENT, summaryReportMigrations);
    runMigrations(db, INFORMATION_REPORTS_COMPONENT, informationReportMigrations);
    runMigrations(db, PAYMENTS_COMPONENT, paymentMigrations);
    // Profiles get the keys of the taxonomy this build uses; the change feed indexes them.
    backfillCategoryKeys(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const signal = createChangeSignal();
  const changeFeed = createSqliteChangeFeed(db, signal);
  const ping = db.prepare('SELECT 1');
  const outbox = createOutboxWriter(db);
  const journal = createStoreJournal();
  const idempotencyKeys = createIdempotencyKeyRepository(db, journal);
  // The repositories answer at once; the port answers with promises. While an idempotent request
  // runs, each call is a journaled step, its writes committed with the journal (storeJournal.ts).
  const port = <R extends object>(name: string, repository: Synchronous<R>): R =>
    journal.wrap<R>(name, repository, idempotencyKeys.live, (run) => new Promise((resolve) => resolve(run())));
  let closed = false;

  return {
    accounts: port('accounts', createAccountRepository(db)),
    apiKeys: port('apiKeys', createApiKeyRepository(db)),
    refreshTokens: port('refreshTokens', createRefreshTokenRepository(db)),
    profiles: port('profiles', createProfileRepository({ db, signal, outbox })),
    verifications: port('verifications', createVerificationRepository(db, outbox)),
    media: port('media', createMediaRepository(db, outbox)),
    webhooks: port('webhooks', createWebhookRepository(db)),
    reviews: port('reviews', createReviewRepository(db, outbox)),
    bookings: port('bookings', createBookingRepository(db, outbox)),
    checkpoints: port('checkpoints', createCheckpointRepository(db)),
    idempotencyKeys,
    analyticsPlatforms: port('analyticsPlatforms', createAnalyticsPlatformRepository(db)),
    partnerAgreements: port('partnerAgreements', createPartnerAgreementRepository(db)),
    summaryReports: port('summaryReports', createSummaryReportRepository(db)),
    informationReports: port('informationReports', createInformationReportRepository(db)),
    payments: {
      payments: port('payments.payments', createPaymentRepository(db, outbox)),
      accounts: port('payments.accounts', createPaymentAccountRepository(db)),
      subscriptions: port('payments.subscriptions', createPlanSubscriptionRepository(db)),
      inbox: port('payments.inbox', createProviderEventInbox(db)),
    },
    changeFeed,
    async ping() {
      ping.get();
    },
    async close() {
      if (closed) return;
      closed = true;
      // Release waiting change-feed readers before the connection goes away under them.
      await changeFeed.close();
      db.close();
    },
    pruneChangesBefore(position) {
      return changeFeed.pruneBefore(position);
    },
  };
}

// The production Store on MongoDB through mongoose: one connection per store (never the global
// mongoose singleton), models registered on it, indexes ensured before the first write, and the
// change feed on the `businesses` change stream. Change streams need a replica set (a single-node
// one is enough; docker-compose initiates it).
import mongoose, { type Connection, type Model, type mongo } from 'mongoose';
import { UnavailableError } from '../../domain/errors';
import type { Logger } from '../../logger';
import type { Store } from '../../ports/store';
import { createAccountRepository } from './accountRepository';
import { createAnalyticsPlatformRepository } from './analyticsPlatformRepository';
import { backfillCategoryKeys } from './categoryBackfill';
import { createSummaryReportRepository } from './summaryReportRepository';
import { createInformationReportRepository } from './informationReportRepository';
import { migratePartnerFlags } from './migratePartnerFlags';
import { createPartnerAgreementRepository } from './partnerAgreementRepository';
import { createApiKeyRepository } from './apiKeyRepository';
import { createBookingRepository } from './bookingRepository';
import { createMongoChangeFeed } from './changeFeed';
import { createCheckpointRepository } from './checkpointRepository';
import { createStoreJournal } from '../storeJournal';
import { createIdempotencyKeyRepository } from './idempotencyKeyRepository';
import { createMediaRepository } from './mediaRepository';
import { ensureIndexes, registerModels } from './models';
import { oldestOplogTime } from './oplogStart';
import { createProfileKeyClaims } from './profileKeys';
import { createProfileRepository } from './profileRepository';
import { createRefreshTokenRepository } from './refreshTokenRepository';
import { createReviewRepository } from './reviewRepository';
import type { BusinessDoc } from './schemas/businessSchema';
import { guard, translateError } from './translateError';
import { createVerificationRepository } from './verificationRepository';
import { createWriteMarks } from './writeMarks';
import { createPaymentAccountRepository, createPlanSubscriptionRepository } from './paymentAccountRepository';
import { createPaymentRepository } from './paymentRepository';
import { createProviderEventInbox } from './providerEventInbox';
import { createMongoWebhookRepository, openWebhookCollections } from './webhooks/webhookRepository';

export interface MongoStoreOptions {
  /** mongodb:// or mongodb+srv:// connection string. */
  uri: string;
  /** Database name; defaults to the one in the URI (or mongoose's default, `test`). */
  dbName?: string;
  logger?: Pick<Logger, 'warn' | 'info'>;
  /** How long an operation waits for a reachable server before UnavailableError (default 10 s). */
  serverSelectionTimeoutMS?: number;
}

export interface MongoStore extends Store {
  /** The store's own connection, e.g. for createGridFsMediaStorage(store.connection). */
  readonly connection: Connection;
}

export async function createMongoStore(options: MongoStoreOptions): Promise<MongoStore> {
  const connection = mongoose.createConnection(options.uri, {
    dbName: options.dbName,
    // Fail fast instead of queueing operations while disconnected: callers get UnavailableError.
    bufferCommands: false,
    autoIndex: false,
    autoCreate: false,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 10_000,
  });
  try {
    await connection.asPromise();
  } catch (error) {
    await connection.close().catch(() => undefined);
    const translated = translateError(error);
    throw translated instanceof UnavailableError ? new UnavailableError(`MongoDB did not answer at start-up: ${(error as Error).message}`) : translated;
  }

  const models = registerModels(connection);
  let webhookCollections;
  try {
    await guard(() => ensureIndexes(models));
    // Accounts' old partner flags become agreements before the store serves anyone.
    await guard(() => migratePartnerFlags(models));
    // Profiles get the keys of the taxonomy this build uses; the change stream indexes them.
    await guard(() => backfillCategoryKeys(models.businesses));
    webhookCollections = await guard(() => openWebhookCollections(connection.db!));
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw error;
  }

  const changeFeed = createMongoChangeFeed({
    // mongoose's collection wrapper forwards watch() to the driver's collection.
    businesses: models.businesses.collection as unknown as mongo.Collection<BusinessDoc>, // mongoose types it Collection<Document>, an ObjectId _id; ours are strings
    historyStart: () => oldestOplogTime(connection.getClient()),
    logger: options.logger,
  });
  const keys = createProfileKeyClaims({ profileKeys: models.profileKeys, businesses: models.businesses });
  const journal = createStoreJournal();
  const marks = createWriteMarks();
  const idempotencyKeys = createIdempotencyKeyRepository({ keys: models.idempotencyKeys, holders: models.idempotencyHolders, journal, marks });
  // While an idempotent request runs, each call is a journaled step, its writes bracketed by recovery points (storeJournal.ts).
  const port = <R extends object>(name: string, repository: R): R => journal.wrap<R>(name, repository, idempotencyKeys.live, (run) => run() as Promise<unknown>);
  let closed = false;

  return {
    connection,
    accounts: port('accounts', createAccountRepository(models.accounts, marks)),
    apiKeys: port('apiKeys', createApiKeyRepository(models.apiKeys)),
    refreshTokens: port('refreshTokens', createRefreshTokenRepository(models.refreshTokens)),
    profiles: port(
      'profiles',
      createProfileRepository({
        businesses: models.businesses,
        profileKeys: models.profileKeys,
        keys,
        logger: options.logger,
        onWrite: () => changeFeed.notify(),
        marks,
      }),
    ),
    verifications: port('verifications', createVerificationRepository({ verifications: models.verifications, pendingVerifications: models.pendingVerifications, marks })),
    media: port('media', createMediaRepository(models.media)),
    reviews: port('reviews', createReviewRepository(models.reviews, marks)),
    bookings: port('bookings', createBookingRepository({ bookings: models.bookings, seats: models.bookingSeats, marks })),
    checkpoints: port('checkpoints', createCheckpointRepository(models.checkpoints)),
    idempotencyKeys,
    webhooks: port(
      'webhooks',
      createMongoWebhookRepository(
        webhookCollections,
        [models.businesses, models.verifications, models.media, models.reviews, models.bookings, models.payments] as unknown as Array<Model<never>>, // read only for their collections: mongoose's Model types are not comparable across document types
      ),
    ),
    analyticsPlatforms: port('analyticsPlatforms', createAnalyticsPlatformRepository(models.analyticsPlatforms, marks)),
    partnerAgreements: port('partnerAgreements', createPartnerAgreementRepository(models.partnerAgreements, marks)),
    summaryReports: port('summaryReports', createSummaryReportRepository(models.summaryReports)),
    informationReports: port('informationReports', createInformationReportRepository(models.informationReports)),
    payments: {
      payments: port('payments.payments', createPaymentRepository(models.payments, marks)),
      accounts: port('payments.accounts', createPaymentAccountRepository(models.paymentAccounts)),
      subscriptions: port('payments.subscriptions', createPlanSubscriptionRepository(models.planSubscriptions)),
      inbox: port('payments.inbox', createProviderEventInbox(models.providerEvents)),
    },
    changeFeed,
    async ping() {
      await guard(async () => {
        await connection.db!.admin().ping();
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      // Release waiting change-feed readers before the connection goes away under them.
      await changeFeed.close();
      await connection.close();
    },
  };
}

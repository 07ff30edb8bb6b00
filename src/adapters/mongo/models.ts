// The store's models, registered on one connection (never on the global mongoose singleton),
// so two stores in one process (tests, a reindex next to the API) never share state.
import type { Connection, Model } from 'mongoose';
import { type AccountDoc, accountSchema } from './schemas/accountSchema';
import { type AnalyticsPlatformDoc, analyticsPlatformSchema } from './schemas/analyticsPlatformSchema';
import { type ApiKeyDoc, apiKeySchema } from './schemas/apiKeySchema';
import { type BusinessDoc, businessSchema } from './schemas/businessSchema';
import { type BookingDoc, type BookingSeatDoc, bookingSchema, bookingSeatSchema } from './schemas/bookingSchema';
import { type CheckpointDoc, checkpointSchema } from './schemas/checkpointSchema';
import { type IdempotencyHolderDoc, type IdempotencyKeyDoc, idempotencyHolderSchema, idempotencyKeySchema } from './schemas/idempotencyKeySchema';
import { type MediaDoc, mediaSchema } from './schemas/mediaSchema';
import { type PendingVerificationDoc, pendingVerificationSchema } from './schemas/pendingVerificationSchema';
import { type PartnerAgreementDoc, partnerAgreementSchema } from './schemas/partnerAgreementSchema';
import { type ProfileKeyDoc, profileKeySchema } from './schemas/profileKeySchema';
import { type RefreshTokenDoc, refreshTokenSchema } from './schemas/refreshTokenSchema';
import { type ReviewDoc, reviewSchema } from './schemas/reviewSchema';
import { type SummaryReportDoc, summaryReportSchema } from './schemas/summaryReportSchema';
import { type InformationReportDoc, informationReportSchema } from './schemas/informationReportSchema';
import { type VerificationDoc, verificationSchema } from './schemas/verificationSchema';
import { type PaymentDoc, paymentSchema } from './schemas/paymentSchema';
import { type PaymentAccountDoc, paymentAccountSchema } from './schemas/paymentAccountSchema';
import { type PlanSubscriptionDoc, planSubscriptionSchema } from './schemas/planSubscriptionSchema';
import { type ProviderEventDoc, providerEventSchema } from './schemas/providerEventSchema';

export interface StoreModels {
  accounts: Model<AccountDoc>;
  apiKeys: Model<ApiKeyDoc>;
  refreshTokens: Model<RefreshTokenDoc>;
  businesses: Model<BusinessDoc>;
  profileKeys: Model<ProfileKeyDoc>;
  verifications: Model<VerificationDoc>;
  pendingVerifications: Model<PendingVerificationDoc>;
  media: Model<MediaDoc>;
  checkpoints: Model<CheckpointDoc>;
  idempotencyKeys: Model<IdempotencyKeyDoc>;
  idempotencyHolders: Model<IdempotencyHolderDoc>;
  reviews: Model<ReviewDoc>;
  analyticsPlatforms: Model<AnalyticsPlatformDoc>;
  partnerAgreements: Model<PartnerAgreementDoc>;
  summaryReports: Model<SummaryReportDoc>;
  informationReports: Model<InformationReportDoc>;
  bookings: Model<BookingDoc>;
  bookingSeats: Model<BookingSeatDoc>;
  payments: Model<PaymentDoc>;
  paymentAccounts: Model<PaymentAccountDoc>;
  planSubscriptions: Model<PlanSubscriptionDoc>;
  providerEvents: Model<ProviderEventDoc>;
}

export function registerModels(connection: Connection): StoreModels {
  return {
    accounts: connection.model<AccountDoc>('Account', accountSchema),
    apiKeys: connection.model<ApiKeyDoc>('ApiKey', apiKeySchema),
    refreshTokens: connection.model<RefreshTokenDoc>('RefreshToken', refreshTokenSchema),
    businesses: connection.model<BusinessDoc>('Business', businessSchema),
    profileKeys: connection.model<ProfileKeyDoc>('ProfileKey', profileKeySchema),
    verifications: connection.model<VerificationDoc>('Verification', verificationSchema),
    pendingVerifications: connection.model<PendingVerificationDoc>('PendingVerification', pendingVerificationSchema),
    media: connection.model<MediaDoc>('Media', mediaSchema),
    checkpoints: connection.model<CheckpointDoc>('Checkpoint', checkpointSchema),
    idempotencyKeys: connection.model<IdempotencyKeyDoc>('IdempotencyKey', idempotencyKeySchema),
    idempotencyHolders: connection.model<IdempotencyHolderDoc>('IdempotencyHolder', idempotencyHolderSchema),
    reviews: connection.model<ReviewDoc>('Review', reviewSchema),
    analyticsPlatforms: connection.model<AnalyticsPlatformDoc>('AnalyticsPlatform', analyticsPlatformSchema),
    partnerAgreements: connection.model<PartnerAgreementDoc>('PartnerAgreement', partnerAgreementSchema),
    summaryReports: connection.model<SummaryReportDoc>('SummaryReport', summaryReportSchema),
    informationReports: connection.model<InformationReportDoc>('InformationReport', informationReportSchema),
    bookings: connection.model<BookingDoc>('Booking', bookingSchema),
    bookingSeats: connection.model<BookingSeatDoc>('BookingSeat', bookingSeatSchema),
    payments: connection.model<PaymentDoc>('Payment', paymentSchema),
    paymentAccounts: connection.model<PaymentAccountDoc>('PaymentAccount', paymentAccountSchema),
    planSubscriptions: connection.model<PlanSubscriptionDoc>('PlanSubscription', planSubscriptionSchema),
    providerEvents: connection.model<ProviderEventDoc>('ProviderEvent', providerEventSchema),
  };
}

/**
 * Creates the collections and every index the schemas declare, before the store takes writes:
 * the unique indexes are what enforce DUPLICATE_EMAIL, DUPLICATE_PROFILE and VERIFICATION_PENDING.
 */
export async function ensureIndexes(models: StoreModels): Promise<void> {
  for (const model of Object.values(models) as Model<unknown>[]) {
    await model.createCollection().catch((error: unknown) => {
      // 48 NamespaceExists: created by an earlier start or a concurrent one.
      if ((error as { code?: number }).code !== 48) throw error;
    });
    await model.createIndexes();
  }
}

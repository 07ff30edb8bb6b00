// The application's services built from its engines, once, for every process that serves
// operations (composeApplication.ts, for the API and the MCP stdio server). Engines are opened
// elsewhere (openRuntime.ts); nothing below the services knows which ones they are.
import type { Config } from '../config';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { Authenticate } from '../core/authentication';
import { createIdempotentCall } from '../core/idempotentCall';
import type { IdempotencyPhase } from '../core/idempotencyPhases';
import { createInvoke, type Invoke } from '../core/invoke';
import type { RateLimitCheck } from '../core/rateLimitCheck';
import { createAddressPolicy } from '../domain/webhooks/addressPolicy';
import { createSecretBox } from '../domain/webhooks/secretBox';
import type { Logger } from '../logger';
import { buildOpenApiDocument } from '../openapi/openApiDocument';
import type { AppServices } from '../operations/appServices';
import type { AnalyticsStore } from '../ports/analyticsStore';
import type { Cache } from '../ports/cache';
import type { EventRecorder } from '../ports/eventRecorder';
import type { LanguageModel } from '../ports/llm';
import type { MediaStorage } from '../ports/mediaStorage';
import type { OAuthStorage } from '../ports/oauthStorage';
import type { Readiness } from '../ports/readiness';
import type { SearchIndex } from '../ports/searchIndex';
import type { SessionStore } from '../ports/sessionStore';
import type { Store } from '../ports/store';
import { createAccountAdminService } from '../services/accountAdminService';
import { createAnalyticsServices } from '../services/analytics/analyticsServices';
import { createAnswerRecording } from '../services/analytics/answerRecording';
import { createEventIngestion } from '../services/analytics/eventIngestion';
import { createPlatformRegistry } from '../services/analytics/platformRegistry';
import { createTrackedLinks } from '../services/analytics/trackedLinks';
import { createApiKeyService } from '../services/apiKeyService';
import { createAuthService } from '../services/authService';
import { createBookingService } from '../services/bookings/bookingService';
import { createCatalogService } from '../services/catalogService';
import { createMediaService } from '../services/mediaService';
import { createOpeningCheck } from '../services/openingCheck';
import { createOAuthClientService } from '../services/oauth/clientService';
import { createOwnedProfiles } from '../services/ownedProfiles';
import { createPartnerAccess } from '../services/partners/partnerAccess';
import { createPartnerAgreementService } from '../services/partners/partnerAgreementService';
import { type Clock, createProfileAccess } from '../services/profileMutation';
import { createProfileService } from '../services/profileService';
import { createReviewService } from '../services/reviews/reviewService';
import { createTrustRefresh } from '../services/reviews/trustRefresh';
import { createConsumerSearch } from '../services/search/consumerSearch';
import { createListingSearch } from '../services/search/listingSearch';
import { createSummaryDisclosures } from '../services/summaries/summaryDisclosures';
import { createSummaryReportService } from '../services/summaries/summaryReportService';
import { createInformationReportService } from '../services/freshness/informationReportService';
import { createVerificationService } from '../services/verificationService';
import { createWebhookEndpointService } from '../services/webhooks/webhookEndpointService';
import { createPaymentProviders } from '../services/payments/paymentProviders';
import { createPaymentServices, type PaymentServices } from '../services/payments/paymentServices';

/** The engines and settings services are built from. */
export interface ServiceEngines {
  config: Pick<Config, 'jwtSecret'> & Partial<Pick<Config, 'confirmInformationAfterDays'>> & {
    /** Without it: no private address is allowed, and secrets are sealed with a key from jwtSecret. */
    webhooks?: Pick<Config['webhooks'], 'allowedCidrs' | 'secretKey'>;
  };
  logger: Logger;
  store: Store;
  mediaStorage: MediaStorage;
  searchIndex: SearchIndex;
  /** Personalisation memory per X-Session-ID. */
  sessions: SessionStore;
  summaryCache: Cache<string>;
  /** Optional: without it, query understanding and summaries use the deterministic rules/template. */
  llm?: LanguageModel;
  /** AI-visibility events and the four analytics questions. */
  analytics: AnalyticsStore;
  /** Buffers the events of the service's own answers for the analytics store. */
  eventRecorder: EventRecorder;
  readiness: Readiness;
  clock: Clock;
  /** Failed sign-ins and credential checks, counted per address and account (shared with authentication). */
  authFailures: AuthFailureLimiter;
  /** Payments, built by the runtime over its providers; without them, payment operations answer 503. */
  payments?: PaymentServices;
  /** The OAuth server's records, where it is served: the apps accounts register and allow live there. */
  oauthStorage?: OAuthStorage;
}

export function composeServices(engines: ServiceEngines): AppServices {
  const { config, logger, store, clock } = engines;
  const access = createProfileAccess({ store, clock });
  const payments = engines.payments ?? createPaymentServices({ store, providers: createPaymentProviders({}), clock, logger, recorder: engines.eventRecorder });
  const profiles = createProfileService({
    store,
    access,
    clock,
    paymentStatus: payments.onboarding.statusOf,
    ...(config.confirmInformationAfterDays !== undefined && { confirmAfterDays: config.confirmInformationAfterDays }),
  });
  // Partner search and partner event reports ask one question: an agreement in force for the area.
  const partnerAccess = createPartnerAccess({ agreements: store.partnerAgreements, clock });
  const platforms = createPlatformRegistry({ store, clock });
  const recordAnswer = createAnswerRecording({ recorder: engines.eventRecorder, clock, logger });
  // What each summary is and where to report it; the links are signed like tracked links.
  const disclosures = createSummaryDisclosures({ secret: config.jwtSecret });
  return {
    profiles,
    catalog: createCatalogService({ access }),
    media: createMediaService({ store, storage: engines.mediaStorage, access, profiles, clock, logger }),
    verifications: createVerificationService({ store, access, clock }),
    ownedProfiles: createOwnedProfiles({ store }),
    accounts: createAccountAdminService({ store, clock }),
    // Review and booking writes store their webhook events themselves, in the same write.
    reviews: createReviewService({ store, access, refreshTrust: createTrustRefresh({ store, clock, logger }), clock, logger }),
    bookings: createBookingService({ store, access, clock, recorder: engines.eventRecorder, payments }),
    payments,
    partnerAgreements: createPartnerAgreementService({ store, isKnownPlatform: platforms.isKnown, clock }),
    webhookEndpoints: createWebhookEndpointService({
      webhooks: store.webhooks,
      secrets: createSecretBox(config.webhooks?.secretKey || config.jwtSecret),
      policy: createAddressPolicy(config.webhooks?.allowedCidrs ?? ''),
      clock,
    }),
    sessions: engines.sessions,
    readiness: engines.readiness,
    openApiDocument: buildOpenApiDocument(),
    consumerSearch: createConsumerSearch({ index: engines.searchIndex, sessions: engines.sessions, summaryCache: engines.summaryCache, llm: engines.llm, logger, clock }),
    listings: createListingSearch({ index: engines.searchIndex, partnerAccess }),
    checkOpen: createOpeningCheck({ profiles, clock }),
    recordAnswer,
    trackedLinks: createTrackedLinks({ secret: config.jwtSecret, store, recorder: engines.eventRecorder, clock, logger }),
    disclosures,
    summaryReports: createSummaryReportService({ store, disclosures, access, clock }),
    informationReports: createInformationReportService({ store, access, clock, secret: config.jwtSecret }),
    platforms,
    analytics: createAnalyticsServices({ store, analytics: engines.analytics, searchIndex: engines.searchIndex }),
    ingestEvents: createEventIngestion({ store, analytics: engines.analytics, partnerAccess, clock }),
    auth: createAuthService({ store, jwtSecret: config.jwtSecret, clock }),
    apiKeys: createApiKeyService({ store, clock }),
    authFailures: engines.authFailures,
    ...(engines.oauthStorage && { oauthClients: createOAuthClientService({ storage: engines.oauthStorage }) }),
  };
}

/** The one call path over the composed services: authentication, limits and idempotency of this process. */
export function composeInvoke(
  services: AppServices,
  deps: {
    authenticate: Authenticate;
    rateLimits: RateLimitCheck;
    store: Pick<Store, 'idempotencyKeys'>;
    logger: Logger;
    clock: Clock;
    checkOutputs?: boolean;
    onIdempotencyPhase?: (phase: IdempotencyPhase) => void;
  },
): Invoke<AppServices> {
  return createInvoke<AppServices>({
    services,
    authenticate: deps.authenticate,
    checkRateLimit: deps.rateLimits,
    idempotentCall: createIdempotentCall({ records: deps.store.idempotencyKeys, logger: deps.logger, clock: deps.clock, onPhase: deps.onIdempotencyPhase }),
    resolvePlatform: services.platforms.resolve,
    logger: deps.logger,
    clock: deps.clock,
    checkOutputs: deps.checkOutputs,
  });
}

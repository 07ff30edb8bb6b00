// Builds the Koa application from its dependencies; never listens (server.ts does, tests
// use app.callback()). Request path: request id -> access log -> error envelope -> security
// headers -> router (guards -> body -> validation -> use case -> envelope).
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import { accessLog } from './http/accessLog';
import { authenticateWith } from './http/authenticate';
import { createAuthentication } from './core/authentication';
import { createIdempotentCall } from './core/idempotentCall';
import { createInvoke } from './core/invoke';
import type { RateLimitCheck } from './core/rateLimitCheck';
import { rateLimitWith } from './http/rateLimit';
import { restOperationRoutes } from './http/restOperations';
import type { AppServices } from './operations/appServices';
import { OPERATIONS } from './operations/registry';
import { createAuthFailureLimiter, type AuthFailureLimiter } from './core/authFailureLimiter';
import { requireAdmin, requireRouteAccess, requireScope, requireSignedIn } from './http/authorize';
import { errorHandler } from './http/errorHandler';
import { idempotentJsonBody } from './http/idempotency';
import { jsonBody } from './http/jsonBody';
import { multipartBody } from './http/multipartBody';
import { allowOnlyServingMethods, checkPathIds } from './http/pathIds';
import { requestId } from './http/requestId';
import { assertEveryRouteHasAccess } from './http/routeAccessCheck';
import { securityHeaders } from './http/securityHeaders';
import type { Logger } from './logger';
import type { AnalyticsStore } from './ports/analyticsStore';
import type { Cache } from './ports/cache';
import type { EventRecorder } from './ports/eventRecorder';
import type { LanguageModel } from './ports/llm';
import type { McpSessionStore } from './ports/mcpSessions';
import type { MediaStorage } from './ports/mediaStorage';
import type { Readiness } from './ports/readiness';
import type { SearchIndex } from './ports/searchIndex';
import type { SessionStore } from './ports/sessionStore';
import type { Store } from './ports/store';
import { createOAuthModule, type OAuthSettings } from './routes/oauth/oauthModule';
import type { RouteGuards } from './routes/routeGuards';
import { buildOpenApiDocument } from './openapi/openApiDocument';
import { docsPage } from './docs/docsPage';
import { dashboardPage } from './dashboard/dashboardPage';
import { createAccountAdminService } from './services/accountAdminService';
import { createAnswerRecording } from './services/analytics/answerRecording';
import { createEventIngestion } from './services/analytics/eventIngestion';
import { createPlatformRegistry } from './services/analytics/platformRegistry';
import { createTrackedLinks } from './services/analytics/trackedLinks';
import { createSummaryDisclosures } from './services/summaries/summaryDisclosures';
import { createSummaryReportService } from './services/summaries/summaryReportService';
import { createAnalyticsServices } from './services/analytics/analyticsServices';
import { createApiKeyService } from './services/apiKeyService';
import { createAuthService } from './services/authService';
import { createCatalogService } from './services/catalogService';
import { createMediaService } from './services/mediaService';
import { createOwnedProfiles } from './services/ownedProfiles';
import { type Clock, createProfileAccess } from './services/profileMutation';
import { createProfileService } from './services/profileService';
import { createBookingService } from './services/bookings/bookingService';
import { createReviewService } from './services/reviews/reviewService';
import { createTrustRefresh } from './services/reviews/trustRefresh';
import { createConsumerSearch } from './services/search/consumerSearch';
import { createListingSearch } from './services/search/listingSearch';
import { createPartnerAccess } from './services/partners/partnerAccess';
import { createPartnerAgreementService } from './services/partners/partnerAgreementService';
import { createVerificationService } from './services/verificationService';
import { mcpRoutes } from './mcp/mcpHttp';
import { graphqlRoutes } from './graphql/graphqlHttp';
import { createOpeningCheck } from './services/openingCheck';
import { createRecordedConsumerSearch } from './services/search/recordedConsumerSearch';
import { createAddressPolicy } from './domain/webhooks/addressPolicy';
import { createSecretBox } from './domain/webhooks/secretBox';
import { createWebhookEndpointService } from './services/webhooks/webhookEndpointService';

export interface AppDeps {
  config: Pick<Config, 'jsonBodyLimit' | 'jwtSecret'> & Partial<Pick<Config, 'trustedProxies' | 'publicUrl'>> & {
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
  /** MCP sessions (mcp/mcpHttp.ts): in this process, or in Redis, shared by every instance. */
  mcpSessions: McpSessionStore;
  /** Failed authentication per client address and account (issue 24); default: counted in memory. */
  authFailures?: AuthFailureLimiter;
  /** Counts a call against its rate-limit area (core/rateLimitCheck.ts); built by the caller so engines stay outside. */
  rateLimits: RateLimitCheck;
  /** Checks every answer of a declared operation against its output schema (tests turn it on). */
  checkOutputs?: boolean;
  readiness: Readiness;
  /** AI-visibility events and the four analytics questions (issue 18). */
  analytics: AnalyticsStore;
  clock?: Clock;
  /** Buffers the events of the service's own answers for the analytics store (issue 18). */
  eventRecorder: EventRecorder;
  /** OAuth 2.0 server (issue 20): its storage and issuer (AUTH_URL). Without it /oauth/* is not served. */
  oauth?: OAuthSettings;
}

export function createApp(deps: AppDeps): Koa {
  const { config, logger, store } = deps;
  const clock = deps.clock ?? (() => new Date());
  // One counter for the login route and every credential check, so failures add up across them.
  const authFailures = deps.authFailures ?? createAuthFailureLimiter();

  const access = createProfileAccess({ store, clock });
  const profiles = createProfileService({ store, access, clock });
  const catalog = createCatalogService({ access });
  const verifications = createVerificationService({ store, access, clock });
  const media = createMediaService({ store, storage: deps.mediaStorage, access, profiles, clock, logger });
  const auth = createAuthService({ store, jwtSecret: config.jwtSecret, clock });
  const apiKeys = createApiKeyService({ store, clock });
  const accounts = createAccountAdminService({ store, clock });
  // Partner search and partner event reports ask one question: an agreement in force for the area (issue 20).
  const partnerAccess = createPartnerAccess({ agreements: store.partnerAgreements, clock });
  const listings = createListingSearch({ index: deps.searchIndex, partnerAccess });
  // Review and booking writes store their webhook events themselves, in the same write (issue 22).
  const bookings = createBookingService({ store, access, clock, recorder: deps.eventRecorder });
  const reviews = createReviewService({ store, access, refreshTrust: createTrustRefresh({ store, clock, logger }), clock, logger });
  const webhookEndpoints = createWebhookEndpointService({
    webhooks: store.webhooks,
    secrets: createSecretBox(config.webhooks?.secretKey || config.jwtSecret),
    policy: createAddressPolicy(config.webhooks?.allowedCidrs ?? ''),
    clock,
  });
  const platforms = createPlatformRegistry({ store, clock });
  const recordAnswer = createAnswerRecording({ recorder: deps.eventRecorder, clock, logger });
  // Its record stage records every surface's answers (REST, MCP, GraphQL) for analytics.
  const consumerSearch = createConsumerSearch({ index: deps.searchIndex, sessions: deps.sessions, summaryCache: deps.summaryCache, llm: deps.llm, logger, clock, recordAnswer });
  // MCP and GraphQL (issue 23): the consumer search from tool arguments, and the opening check.
  const recordedSearch = createRecordedConsumerSearch({ consumerSearch });
  const checkOpen = createOpeningCheck({ profiles, clock });
  const analyticsServices = createAnalyticsServices({ store, analytics: deps.analytics, searchIndex: deps.searchIndex });
  const trackedLinks = createTrackedLinks({ secret: config.jwtSecret, store, recorder: deps.eventRecorder, clock, logger });
  // What each summary is and where to report it (issue 34); the links are signed like tracked links.
  const disclosures = createSummaryDisclosures({ secret: config.jwtSecret });
  const oauth = deps.oauth
    ? createOAuthModule({ settings: deps.oauth, store, auth, cookieSecret: config.jwtSecret, keySecret: config.webhooks?.secretKey || config.jwtSecret, failures: authFailures, proxy: (config.trustedProxies ?? 0) > 0, logger })
    : undefined;

  const authentication = createAuthentication({ store, jwtSecret: config.jwtSecret, clock, failures: authFailures, oauthTokens: oauth?.tokens, resourceMetadataUrl: oauth?.resourceMetadataUrl });
  const guards: RouteGuards = {
    authenticate: authenticateWith(authentication),
    rateLimit: (area) => rateLimitWith(deps.rateLimits, area),
    routeAccess: requireRouteAccess(),
    requireScope,
    requireSignedIn,
    requireAdmin,
    // Idempotency-Key on every authenticated JSON write; why it sits here: http/idempotency.ts.
    jsonBody: idempotentJsonBody(jsonBody(config.jsonBodyLimit), { records: store.idempotencyKeys, logger, clock }),
  };

  // Declared operations (src/operations) run through the one call path, whatever the transport.
  const ownedProfiles = createOwnedProfiles({ store });
  const summaryReports = createSummaryReportService({ store, disclosures, access, clock });
  const services: AppServices = {
    auth,
    apiKeys,
    authFailures,
    ...(oauth && { oauthClients: oauth.clients }),
    profiles,
    catalog,
    media,
    verifications,
    ownedProfiles,
    accounts,
    reviews,
    bookings,
    webhookEndpoints,
    partnerAgreements: createPartnerAgreementService({ store, isKnownPlatform: platforms.isKnown, clock }),
    sessions: deps.sessions,
    readiness: deps.readiness,
    openApiDocument: buildOpenApiDocument(),
    consumerSearch,
    listings,
    checkOpen,
    recordAnswer,
    trackedLinks,
    disclosures,
    summaryReports,
    analytics: analyticsServices,
    ingestEvents: createEventIngestion({ store, analytics: deps.analytics, partnerAccess, clock }),
    platforms,
  };
  const invoke = createInvoke({
    services,
    authenticate: authentication,
    checkRateLimit: deps.rateLimits,
    idempotentCall: createIdempotentCall({ records: store.idempotencyKeys, logger, clock }),
    resolvePlatform: platforms.resolve,
    logger,
    clock,
    checkOutputs: deps.checkOutputs,
  });

  const v1 = new Router({ prefix: '/v1' });
  checkPathIds(v1, guards.authenticate);
  const routers = [
    restOperationRoutes(OPERATIONS, { invoke, jsonBody: jsonBody(config.jsonBodyLimit), multipartBody: multipartBody(), publicUrl: config.publicUrl }),
    // MCP for AI assistants (issue 23): the same services, scope checks and answer recording as REST.
    mcpRoutes({
      guards,
      plainJsonBody: jsonBody(config.jsonBodyLimit),
      sessions: deps.mcpSessions,
      tools: { search: recordedSearch, disclosures, profiles, checkOpen, recordAnswer, logger, bookings },
      publicUrl: config.publicUrl,
    }),
    // GraphQL read API (issue 23): the same services, scopes, ownership and rate-limit areas as REST.
    graphqlRoutes({
      guards,
      plainJsonBody: jsonBody(config.jsonBodyLimit),
      services: { profiles, disclosures, checkOpen, search: recordedSearch, listings, ownedProfiles, analytics: analyticsServices },
      platforms,
      logger,
      publicUrl: config.publicUrl,
    }),
  ];
  // One allowedMethods (below) answers 405/501 for every route: the sub-routers' layers are copied into v1.
  for (const router of routers) v1.use(router.routes());
  // Who may call each route is decided in http/routeScopes.ts; a route missing there stops the build.
  assertEveryRouteHasAccess(v1);

  const app = new Koa();
  // Behind proxies the client is the entry config.trustedProxies from the right of X-Forwarded-For
  // (Koa's maxIpsCount): the per-IP budget of /auth is then per client, not per load balancer.
  app.proxy = (config.trustedProxies ?? 0) > 0;
  app.maxIpsCount = config.trustedProxies ?? 0;
  app.silent = true; // errors are logged by errorHandler, once, with the request id
  // The provider's middleware runs on our context, so its signed cookies use our app's keys: the same ones.
  if (oauth) app.keys = oauth.cookieKeys;
  app.use(requestId());
  app.use(accessLog(logger));
  app.use(errorHandler(logger));
  app.use(securityHeaders());
  // The OAuth endpoints answer in RFC 6749 shapes (not the envelope) and own their paths.
  for (const middleware of oauth?.middleware ?? []) app.use(middleware);
  app.use(docsPage()); // GET /docs: the OpenAPI reference (swagger-ui, offline)
  app.use(dashboardPage()); // GET /dashboard: the business dashboard, a browser client of /v1
  app.use(v1.routes());
  // Without throw the router sets 405/501 with an Allow header (RFC 9110), and errorHandler adds the envelope.
  app.use(allowOnlyServingMethods(v1));
  app.use(v1.allowedMethods());
  return app;
}

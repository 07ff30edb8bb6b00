// Builds the Koa application from its dependencies; never listens (server.ts does, tests
// use app.callback()). Request path: request id -> access log -> error envelope -> security
// headers -> router (guards -> body -> validation -> use case -> envelope).
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import { accessLog } from './http/accessLog';
import { authenticateWith } from './http/authenticate';
import { createAuthentication } from './core/authentication';
import type { IdempotencyPhase } from './core/idempotencyPhases';
import type { Invoke } from './core/invoke';
import { composeInvoke, composeServices, type ServiceEngines } from './runtime/composeServices';
import type { RateLimitCheck } from './core/rateLimitCheck';
import { rateLimitWith } from './http/rateLimit';
import { restOperationRoutes } from './http/restOperations';
import { OPERATIONS } from './operations/registry';
import { createMemoryAuthFailureLimiter } from './adapters/memory/memoryLimiters';
import type { AuthFailureLimiter } from './ports/authFailureLimiter';
import { requireRouteAccess } from './http/authorize';
import { errorHandler } from './http/errorHandler';
import { jsonBody } from './http/jsonBody';
import { multipartBody } from './http/multipartBody';
import { allowOnlyServingMethods, refuseUnservedMethods } from './http/pathIds';
import { requestId } from './http/requestId';
import { assertEveryRouteHasAccess } from './http/routeAccessCheck';
import { securityHeaders } from './http/securityHeaders';
import { refuseLongTargets } from './http/targetLength';
import type { McpSessionStore } from './ports/mcpSessions';
import { createOAuthModule, type OAuthSettings } from './oauth/oauthModule';
import type { Guards } from './http/guards';
import { docsPage } from './docs/docsPage';
import { dashboardPage } from './dashboard/dashboardPage';
import { type Clock } from './services/profileMutation';
import { mcpRoutes } from './mcp/mcpHttp';
import { graphqlRoutes } from './graphql/graphqlHttp';
import { providerWebhookRoutes } from './http/providerWebhookRoute';
import type { PageRateLimit } from './core/rateLimitCheck';
import { createPublicBusinessPages } from './services/publicPages/publicBusinessPages';
import { businessPageRoutes } from './web/businessPageRoutes';
import { directoryRoutes } from './web/directoryRoutes';
import { agentDiscoveryRoutes } from './web/agentDiscoveryRoutes';
import { createPublicDirectory } from './services/publicPages/publicDirectory';
import { createCrawlRecording } from './services/analytics/crawlRecording';

/** The engines services are built from (runtime/composeServices.ts), and what the HTTP side adds. */
export interface AppDeps extends Omit<ServiceEngines, 'config' | 'clock' | 'authFailures'> {
  config: ServiceEngines['config'] & Pick<Config, 'jsonBodyLimit'> & Partial<Pick<Config, 'trustedProxies' | 'publicUrl' | 'directoryName' | 'robotsDisallow' | 'crawlerIpRanges' | 'indexNow'>>;
  /** MCP sessions (mcp/mcpHttp.ts): in this process, or in Redis, shared by every instance. */
  mcpSessions: McpSessionStore;
  /** Failed authentication per client address and account; default: counted in memory. */
  authFailures?: AuthFailureLimiter;
  /** Counts a call against its rate-limit area (core/rateLimitCheck.ts); built by the caller so engines stay outside. */
  rateLimits: RateLimitCheck;
  /** Checks every answer of a declared operation against its output schema (tests turn it on). */
  checkOutputs?: boolean;
  clock?: Clock;
  /** Told as an idempotent request passes each phase (the server's crash tests stop the process there). */
  onIdempotencyPhase?: (phase: IdempotencyPhase) => void;
  /** OAuth 2.0 server: its storage and issuer (AUTH_URL). Without it /oauth/* is not served. */
  oauth?: OAuthSettings;
  /** Counts public web page requests per client address (PUBLIC_PAGES_PER_MINUTE); without it they are not limited. */
  pageRateLimit?: PageRateLimit;
}

export function createApp(deps: AppDeps): Koa {
  const { config, logger, store } = deps;
  const clock = deps.clock ?? (() => new Date());
  // One counter for the login route and every credential check, so failures add up across them.
  const authFailures = deps.authFailures ?? createMemoryAuthFailureLimiter();

  const composed = composeServices({ ...deps, clock, authFailures });
  const { platforms } = composed;
  const oauth = deps.oauth
    ? createOAuthModule({ settings: deps.oauth, store, auth: composed.auth, cookieSecret: config.jwtSecret, keySecret: config.webhooks?.secretKey || config.jwtSecret, failures: authFailures, proxy: (config.trustedProxies ?? 0) > 0, logger })
    : undefined;

  const authentication = createAuthentication({ store, jwtSecret: config.jwtSecret, clock, failures: authFailures, oauthTokens: oauth?.tokens, resourceMetadataUrl: oauth?.resourceMetadataUrl });
  const guards: Guards = {
    authenticate: authenticateWith(authentication),
    rateLimit: (area) => rateLimitWith(deps.rateLimits, area),
    routeAccess: requireRouteAccess(),
  };

  // Declared operations (src/operations) run through the one call path, whatever the transport.
  const services = { ...composed, ...(oauth && { oauthClients: oauth.clients }) };
  const invoke = composeInvoke(services, { authenticate: authentication, rateLimits: deps.rateLimits, store, logger, clock, checkOutputs: deps.checkOutputs, onIdempotencyPhase: deps.onIdempotencyPhase });

  const v1 = new Router({ prefix: '/v1' });
  refuseUnservedMethods(v1);
  const routers = [
    // Stripe's notifications, checked by their signature over the raw body.
    providerWebhookRoutes(services.payments.webhook, config.jsonBodyLimit),
    restOperationRoutes(OPERATIONS, { invoke, jsonBody: jsonBody(config.jsonBodyLimit), multipartBody: multipartBody(), publicUrl: config.publicUrl }),
    // MCP for AI assistants: the same services, scope checks and answer recording as REST.
    mcpRoutes({ guards, plainJsonBody: jsonBody(config.jsonBodyLimit), sessions: deps.mcpSessions, operations: OPERATIONS, invoke: invoke as Invoke<unknown>, publicUrl: config.publicUrl }),
    // GraphQL read API: the same services, scopes, ownership and rate-limit areas as REST.
    graphqlRoutes({
      guards,
      plainJsonBody: jsonBody(config.jsonBodyLimit),
      operations: OPERATIONS,
      invoke: invoke as Invoke<unknown>,
      rateLimits: deps.rateLimits,
      resolvePlatform: platforms.resolve,
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
  app.use(refuseLongTargets());
  // The OAuth endpoints answer in RFC 6749 shapes (not the envelope) and own their paths.
  for (const middleware of oauth?.middleware ?? []) app.use(middleware);
  app.use(docsPage()); // GET /docs: the OpenAPI reference (swagger-ui, offline)
  // GET /b/{slug}: each published business's public page and its Markdown twin (docs/visibility.md).
  const pages = createPublicBusinessPages({ store, clock });
  // A crawler's fetch is counted (crawl events) after the page is answered, never before.
  const recordPageFetch = createCrawlRecording({ recorder: deps.eventRecorder, logger, ipRanges: config.crawlerIpRanges });
  app.use(businessPageRoutes({ pages, readPublicMedia: composed.media.readPublic, publicUrl: config.publicUrl, rateLimit: deps.pageRateLimit, onFetch: recordPageFetch }).routes());
  // GET /sitemap.xml, /robots.txt, /llms.txt, /directory/{city}/{kind}.md: the directory for crawlers and language models.
  const directory = createPublicDirectory({ store });
  app.use(directoryRoutes({
    directory,
    publicUrl: config.publicUrl,
    rateLimit: deps.pageRateLimit,
    name: config.directoryName ?? 'Local business directory',
    robotsDisallow: config.robotsDisallow ?? [],
    indexNowKey: config.indexNow?.key,
  }).routes());
  // GET /.well-known/agent-card.json and /server.json: how agents find the MCP tools (docs/visibility.md).
  app.use(agentDiscoveryRoutes({
    operations: OPERATIONS,
    name: config.directoryName ?? 'Local business directory',
    publicUrl: config.publicUrl,
    ...(deps.oauth && { oauthIssuer: deps.oauth.issuer }),
    rateLimit: deps.pageRateLimit,
  }).routes());
  app.use(dashboardPage()); // GET /dashboard: the business dashboard, a browser client of /v1
  app.use(v1.routes());
  // Without throw the router sets 405/501 with an Allow header (RFC 9110), and errorHandler adds the envelope.
  app.use(allowOnlyServingMethods(v1));
  app.use(v1.allowedMethods());
  return app;
}

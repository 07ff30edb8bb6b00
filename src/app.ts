// Builds the Koa application from its dependencies; never listens (server.ts does, tests
// use app.callback()). Request path: request id -> access log -> error envelope -> security
// headers -> router (guards -> body -> validation -> use case -> envelope).
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from './config';
import { accessLog } from './http/accessLog';
import { authenticateWith } from './http/authenticate';
import type { Invoke } from './core/invoke';
import { type ApplicationDeps, composeApplication } from './runtime/composeApplication';
import { rateLimitWith } from './http/rateLimit';
import { restOperationRoutes } from './http/restOperations';
import { OPERATIONS } from './operations/registry';
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
import { oauthMiddleware } from './oauth/oauthModule';
import type { Guards } from './http/guards';
import { docsPage } from './docs/docsPage';
import { dashboardPage } from './dashboard/dashboardPage';
import { mcpRoutes } from './mcp/mcpHttp';
import { graphqlRoutes } from './graphql/graphqlHttp';
import { providerWebhookRoutes } from './http/providerWebhookRoute';
import type { PageRateLimit } from './core/rateLimitCheck';
import { businessPageRoutes } from './web/businessPageRoutes';
import { directoryRoutes } from './web/directoryRoutes';
import { agentDiscoveryRoutes } from './web/agentDiscoveryRoutes';

/** The engines the application is built from (runtime/composeApplication.ts), and what the HTTP side adds. */
export interface AppDeps extends ApplicationDeps {
  config: ApplicationDeps['config'] & Pick<Config, 'jsonBodyLimit'> & Partial<Pick<Config, 'publicUrl' | 'directoryName' | 'robotsDisallow' | 'indexNow'>>;
  /** MCP sessions (mcp/mcpHttp.ts): in this process, or in Redis, shared by every instance. */
  mcpSessions: McpSessionStore;
  /** Counts public web page requests per client address (PUBLIC_PAGES_PER_MINUTE); without it they are not limited. */
  pageRateLimit?: PageRateLimit;
}

export function createApp(deps: AppDeps): Koa {
  const { config, logger } = deps;
  // Every service, the credential check and the one call path, built once by the composition root.
  const { services, authenticate, invoke, authFailures, oauth, web } = composeApplication(deps);
  const guards: Guards = {
    authenticate: authenticateWith(authenticate),
    rateLimit: (area) => rateLimitWith(deps.rateLimits, area),
    routeAccess: requireRouteAccess(),
  };

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
      resolvePlatform: services.platforms.resolve,
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
  if (oauth) for (const middleware of oauthMiddleware(oauth, { store: deps.store, auth: services.auth, failures: authFailures })) app.use(middleware);
  app.use(docsPage()); // GET /docs: the OpenAPI reference (swagger-ui, offline)
  // GET /b/{slug}: each published business's public page and its Markdown twin (docs/visibility.md).
  app.use(businessPageRoutes({ pages: web.pages, readPublicMedia: services.media.readPublic, publicUrl: config.publicUrl, rateLimit: deps.pageRateLimit, onFetch: web.recordPageFetch }).routes());
  // GET /sitemap.xml, /robots.txt, /llms.txt, /directory/{city}/{kind}.md: the directory for crawlers and language models.
  app.use(directoryRoutes({
    directory: web.directory,
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

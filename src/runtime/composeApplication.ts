// The composition root of every process that serves operations (the API in app.ts, the MCP
// stdio server): its services, the credential check, the one call path, the OAuth server where
// it is served and the public web's services, each built here once. The transports only mount
// what this returns; nothing they hold builds a service of its own.
import type { Config } from '../config';
import { createMemoryAuthFailureLimiter } from '../adapters/memory/memoryLimiters';
import { createAuthentication, type Authenticate } from '../core/authentication';
import type { IdempotencyPhase } from '../core/idempotencyPhases';
import type { Invoke } from '../core/invoke';
import type { RateLimitCheck } from '../core/rateLimitCheck';
import type { OAuthServer, OAuthSettings } from '../oauth/oauthModule';
import type { AppServices } from '../operations/appServices';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import { createCrawlRecording, type RecordPageFetch } from '../services/analytics/crawlRecording';
import type { Clock } from '../services/profileMutation';
import { createPublicBusinessPages, type PublicBusinessPages } from '../services/publicPages/publicBusinessPages';
import { createPublicDirectory, type PublicDirectory } from '../services/publicPages/publicDirectory';
import { composeOAuthServer } from './composeOAuth';
import { composeInvoke, composeServices, type ServiceEngines } from './composeServices';

/** The engines and settings an application is built from. */
export interface ApplicationDeps extends Omit<ServiceEngines, 'config' | 'clock' | 'authFailures' | 'oauthStorage'> {
  config: ServiceEngines['config'] & Partial<Pick<Config, 'trustedProxies' | 'crawlerIpRanges'>>;
  clock?: Clock;
  /** Failed authentication per client address and account; default: counted in this process. */
  authFailures?: AuthFailureLimiter;
  /** Counts a call against its rate-limit area (core/rateLimitCheck.ts). */
  rateLimits: RateLimitCheck;
  /** The OAuth server's storage and issuer (AUTH_URL); without it there is no OAuth server. */
  oauth?: OAuthSettings;
  /** Checks every answer of a declared operation against its output schema (tests turn it on). */
  checkOutputs?: boolean;
  /** Told as an idempotent request passes each phase (the server's crash tests stop the process there). */
  onIdempotencyPhase?: (phase: IdempotencyPhase) => void;
}

/** The public web's services: business pages, the directory for crawlers, and the recording of AI crawlers' fetches. */
export interface PublicWeb {
  pages: PublicBusinessPages;
  directory: PublicDirectory;
  recordPageFetch: RecordPageFetch;
}

export interface Application {
  services: AppServices;
  /** Every credential check: API keys, JWTs and, with the OAuth server, its access tokens. */
  authenticate: Authenticate;
  invoke: Invoke<AppServices>;
  /** One counter for the sign-in route, the OAuth sign-in page and every credential check. */
  authFailures: AuthFailureLimiter;
  oauth?: OAuthServer;
  web: PublicWeb;
}

export function composeApplication(deps: ApplicationDeps): Application {
  const { config, logger, store } = deps;
  const clock = deps.clock ?? (() => new Date());
  const authFailures = deps.authFailures ?? createMemoryAuthFailureLimiter();
  const oauth = deps.oauth
    ? composeOAuthServer({
        settings: deps.oauth,
        store,
        cookieSecret: config.jwtSecret,
        keySecret: config.webhooks?.secretKey || config.jwtSecret,
        proxy: (config.trustedProxies ?? 0) > 0,
        logger,
      })
    : undefined;
  const services = composeServices({ ...deps, clock, authFailures, ...(deps.oauth && { oauthStorage: deps.oauth.storage }) });
  const authenticate = createAuthentication({
    store,
    jwtSecret: config.jwtSecret,
    clock,
    failures: authFailures,
    oauthTokens: oauth?.tokens,
    resourceMetadataUrl: oauth?.resourceMetadataUrl,
  });
  const invoke = composeInvoke(services, { authenticate, rateLimits: deps.rateLimits, store, logger, clock, checkOutputs: deps.checkOutputs, onIdempotencyPhase: deps.onIdempotencyPhase });
  const web: PublicWeb = {
    pages: createPublicBusinessPages({ store, clock }),
    directory: createPublicDirectory({ store }),
    // A crawler's fetch is counted (crawl events) after the page is answered, never before.
    recordPageFetch: createCrawlRecording({ recorder: deps.eventRecorder, logger, ipRanges: config.crawlerIpRanges }),
  };
  return { services, authenticate, invoke, authFailures, oauth, web };
}

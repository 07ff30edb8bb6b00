// Reads and validates the environment once, at boot. A bad value stops the process
// with a message naming the variable, instead of failing an hour later.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { PLANS, type Plan } from './domain/account';
import { ADDRESS_FAILURES } from './domain/authFailureLimits';
import { DEFAULT_SEARCH_LANGUAGES, schemaLocale } from './domain/categories/searchLanguages';
import { parseCidrList } from './domain/webhooks/addressPolicy';
import { type Env, flag, integer, url } from './configReaders';
import { IDEMPOTENCY_PHASES, type IdempotencyPhase } from './core/idempotencyPhases';
import { PAYMENT_EVENT_PHASES, type PaymentEventPhase } from './domain/payments/paymentEventPhases';
import { paymentSettings, type PaymentSettings } from './paymentSettings';
import { DEFAULT_PUBLIC_PAGES_PER_MINUTE } from './domain/rateLimitTiers';
import { DEFAULT_CONFIRM_AFTER_DAYS } from './domain/freshness/informationConfirmation';
import { PLATFORM_NAME } from './domain/analytics/aiPlatform';
import { INDEXNOW_KEY } from './domain/publicPage/indexNow';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: LogLevel;
  jwtSecret: string;
  /** Production engines; each one on its own replaces its embedded counterpart. */
  mongodbUri?: string;
  elasticsearchUrl?: string;
  /** Index alias the API reads and the indexer writes. */
  elasticsearchIndex: string;
  redisUrl?: string;
  openai?: { apiKey: string; baseUrl?: string; model: string };
  /** Run the change-feed indexer inside the API process (default) or not (`npm run indexer` runs it alone). */
  inProcessIndexer: boolean;
  /** Upper bound on a JSON body, bytes. */
  jsonBodyLimit: number;
  /** Seconds a configured backend may take to answer at start-up before the process exits. */
  startupTimeoutSeconds: number;
  /** Embedded index only: threads that run searches off the event loop (0 = on it). */
  searchReaderThreads: number;
  /** Embedded index only: score text with the bm25_given extension when it builds here (false: FTS5's bm25()). */
  searchRankExtension: boolean;
  /** Embedded index: answer text searches ranked by relevance from the search lists (top-k text retrieval) where they can. */
  searchTopText: boolean;
  /**
   * Reverse proxies in front of the API whose X-Forwarded-For entries are believed (0: none, the
   * socket address is the client). The client is the entry that many places from the right.
   */
  trustedProxies: number;
  /**
   * DEV_RATE_LIMIT_PLAN (development only; refused when NODE_ENV=production): every caller (free
   * accounts, sk_test_ keys, anonymous addresses) counts at least at this plan's rate limits.
   */
  devRateLimitPlan?: Plan;
  /**
   * IDEMPOTENCY_KILL_AT (tests only; refused when NODE_ENV=production): the process SIGKILLs itself
   * when an idempotent request reaches this phase, so tests can crash it exactly there.
   */
  idempotencyKillAt?: IdempotencyPhase;
  /**
   * PAYMENT_KILL_AT (tests only; refused when NODE_ENV=production): the process SIGKILLs itself
   * when a provider event reaches this phase (stored, or handled and not yet marked so).
   */
  paymentKillAt?: PaymentEventPhase;
  /** Failed credentials one client address may send per 15 minutes before 429 (domain/authFailureLimits.ts). */
  authFailuresPerAddress: number;
  /**
   * Where analytics events live: Elasticsearch when ELASTICSEARCH_URL is set, unless
   * ANALYTICS_ENGINE=sqlite keeps them embedded (DATA_DIR/analytics.db).
   */
  analyticsEngine: 'sqlite' | 'elasticsearch';
  /** Days raw analytics events are kept (daily rollups are kept for good); see ANALYTICS_RAW_RETENTION_DAYS. */
  analyticsRawRetentionDays: number;
  /** Webhooks: see webhookSettings(). */
  webhooks: WebhookSettings;
  /**
   * PUBLIC_URL: scheme://host[:port] clients reach the API at, for absolute links the API hands
   * out (search results' trackedUrl). Unset: the request's own origin (behind a proxy, set it or
   * TRUST_PROXY so X-Forwarded-Proto/Host are believed).
   */
  publicUrl?: string;
  /** AUTH_URL: the public origin of the OAuth authorization server (this service); default PUBLIC_URL, else http://localhost:PORT. */
  authUrl: string;
  /**
   * OAUTH_INTROSPECTION_CLIENT_IDS: registered confidential clients that are resource servers and
   * may introspect any token (RFC 7662 section 4); every other client introspects only its own.
   */
  oauthIntrospectionClientIds: string[];
  /** ANALYTICS_RECORDING (default true): false records no events of the service's own answers and clicks (ingestion still stores). */
  analyticsRecording: boolean;
  /** ANALYTICS_FLUSH_INTERVAL_MS (default 250): how long recorded events may wait in memory, so what a crash can lose. */
  analyticsFlushIntervalMs: number;
  /**
   * ANALYTICS_BUFFER_EVENTS (default 50 000): recorded events one process holds in memory at most
   * (per API instance, on purpose); beyond it new ones are dropped and counted (admin /ready).
   */
  analyticsBufferEvents: number;
  /** OAUTH_KEY_ROTATION_DAYS (default 30, 0 = never): how long an ID-token signing key signs (domain/oauth/signingKeyRotation.ts). */
  oauthKeyRotationDays: number;
  /** Payments (STRIPE_*, PAYMENT_*): see paymentSettings.ts. Without keys, payment operations answer 503. */
  payments: PaymentSettings;
  /** PUBLIC_PAGES_PER_MINUTE (default 120): public web pages (/b/..., sitemaps, llms.txt) one client address may fetch a minute. */
  publicPagesPerMinute: number;
  /** CONFIRM_INFORMATION_AFTER_DAYS (default 180): after how long the profile status recommends confirming a profile's information. */
  confirmInformationAfterDays: number;
  /**
   * SEARCH_LANGUAGES (default en,es,fr,de,pt,it): the languages search understands kinds of
   * business in, as the tagging schema's locales; English is always among them.
   */
  searchLanguages: string[];
  /** DIRECTORY_NAME (default "Local business directory"): the directory's name, as /llms.txt titles it. */
  directoryName: string;
  /** ROBOTS_DISALLOW (default none): crawler user-agent tokens robots.txt disallows everywhere ("GPTBot,CCBot"). */
  robotsDisallow: string[];
  /**
   * CRAWLER_IP_RANGES (default none): per AI platform, the address ranges its crawlers publish
   * ("chatgpt=20.15.240.64/28,20.15.240.80/28;claude=160.79.104.0/23"); a crawler claiming that
   * platform from another address is not counted. Platforms not named are counted by user agent.
   */
  crawlerIpRanges: Record<string, string>;
  /**
   * INDEXNOW_ENDPOINTS (default none) and INDEXNOW_KEY: the IndexNow endpoints told of changed public
   * pages (https://api.indexnow.org/indexnow, ...), and the key served at /{key}.txt. Needs PUBLIC_URL.
   */
  indexNow: { endpoints: string[]; key?: string };
}

export interface WebhookSettings {
  /** WEBHOOK_ALLOWED_CIDRS: private or loopback ranges deliveries may reach (empty: none). */
  allowedCidrs: string;
  /** Key material for the signing secrets at rest: WEBHOOK_SECRET_KEY, else JWT_SECRET. */
  secretKey: string;
  /** Run the dispatcher inside the API process (default) or not (`npm run webhooks` runs it alone). */
  inProcessDispatcher: boolean;
  /** Per-attempt timeout, seconds (Standard Webhooks receivers answer within 15 s). */
  timeoutSeconds: number;
  /** How long a dispatcher that died mid-attempt holds the delivery before another retries it; 0: timeout + 45 s. */
  leaseSeconds: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * TRUST_PROXY: false (default), true (one proxy) or how many proxies append to X-Forwarded-For.
 * A count rather than "trust everything": the leftmost entries are whatever the client sent.
 */
function trustedProxies(env: Env, problems: string[]): number {
  const raw = env.TRUST_PROXY ?? '';
  const value = raw.toLowerCase();
  if (value === '' || value === 'false' || value === 'no') return 0;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d{1,2}$/.test(value) && Number(value) <= 10) return Number(value);
  problems.push(`TRUST_PROXY must be true, false or a number of proxies from 0 to 10 (got "${raw}")`);
  return 0;
}

/** Uses JWT_SECRET when given, else a secret generated once into DATA_DIR (never a hard-coded one). */
function jwtSecret(env: Env, dataDir: string, problems: string[]): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
    return given;
  }
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function webhookSettings(env: Env, problems: string[]): WebhookSettings {
  const allowedCidrs = env.WEBHOOK_ALLOWED_CIDRS ?? '';
  try {
    parseCidrList(allowedCidrs);
  } catch (error) {
    problems.push(`WEBHOOK_ALLOWED_CIDRS: ${(error as Error).message}`);
  }
  const secretKey = env.WEBHOOK_SECRET_KEY ?? '';
  if (secretKey !== '' && secretKey.length < 32) problems.push('WEBHOOK_SECRET_KEY must be at least 32 characters');
  return {
    allowedCidrs,
    secretKey,
    inProcessDispatcher: flag(env, 'IN_PROCESS_WEBHOOKS', true, problems),
    timeoutSeconds: integer(env, 'WEBHOOK_TIMEOUT_SECONDS', 15, 1, 60, problems),
    leaseSeconds: integer(env, 'WEBHOOK_LEASE_SECONDS', 0, 0, 3600, problems),
  };
}

/** An origin only (no path, query or credentials): links are built as PUBLIC_URL + /v1/... */
function publicUrl(env: Env, problems: string[]): string | undefined {
  const raw = url(env, 'PUBLIC_URL', ['http:', 'https:'], problems);
  if (raw === undefined) return undefined;
  try {
    const parsed = new URL(raw);
    if (parsed.username || parsed.password || parsed.search || parsed.hash || parsed.pathname !== '/') {
      problems.push('PUBLIC_URL must be scheme://host[:port] only, without a path, query or credentials');
    }
    return parsed.origin;
  } catch {
    return undefined;
  }
}

/** ANALYTICS_ENGINE: sqlite or elasticsearch; by default the search engine's choice. */
function analyticsEngine(env: Env, problems: string[]): 'sqlite' | 'elasticsearch' {
  const raw = (env.ANALYTICS_ENGINE ?? '').trim().toLowerCase();
  const hasElasticsearch = env.ELASTICSEARCH_URL !== undefined && env.ELASTICSEARCH_URL !== '';
  if (raw === '') return hasElasticsearch ? 'elasticsearch' : 'sqlite';
  if (raw !== 'sqlite' && raw !== 'elasticsearch') {
    problems.push(`ANALYTICS_ENGINE must be sqlite or elasticsearch (got "${env.ANALYTICS_ENGINE}")`);
    return 'sqlite';
  }
  if (raw === 'elasticsearch' && !hasElasticsearch) problems.push('ANALYTICS_ENGINE=elasticsearch needs ELASTICSEARCH_URL');
  return raw;
}

/** A development or test setting: one of `choices`, refused when NODE_ENV=production (`refusal` says why and what instead). */
function nonProductionChoice<T extends string>(env: Env, name: string, choices: readonly T[], refusal: string, problems: string[]): T | undefined {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '') return undefined;
  if (!(choices as readonly string[]).includes(raw)) {
    problems.push(`${name} must be one of ${choices.join(', ')} (got "${env[name]}")`);
    return undefined;
  }
  if (env.NODE_ENV === 'production') {
    problems.push(`${name} ${refusal}`);
    return undefined;
  }
  return raw as T;
}

/** One reader per core, at most 4: beyond that the event loop, not SQLite, is the limit. */
function defaultReaderThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

/** Comma-separated OAuth client ids (client_ and 24 letters or digits, as clientService makes them). */
function oauthClientIds(env: Env, name: string, problems: string[]): string[] {
  const ids = (env[name] ?? '').split(',').map((id) => id.trim()).filter((id) => id !== '');
  const bad = ids.filter((id) => !/^client_[0-9A-Za-z]{24}$/.test(id));
  if (bad.length > 0) problems.push(`${name} must be a comma-separated list of OAuth client ids such as client_AbC... (got "${bad.join(', ')}")`);
  return ids;
}

/** Comma-separated language tags the tagging schema has translations for ("es", "pt-BR"). */
function searchLanguages(env: Env, problems: string[]): string[] {
  const raw = env.SEARCH_LANGUAGES;
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_SEARCH_LANGUAGES];
  const tags = raw.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
  const unknown = tags.filter((tag) => schemaLocale(tag) === undefined);
  if (unknown.length > 0) problems.push(`SEARCH_LANGUAGES must list languages the tagging schema translates, such as en,es,fr,de,pt-BR (unknown: "${unknown.join(', ')}")`);
  return ['en', ...new Set(tags.flatMap((tag) => schemaLocale(tag) ?? []).map((locale) => (locale.startsWith('en') ? 'en' : locale)))].filter((locale, i, all) => all.indexOf(locale) === i);
}

/** An origin only (the OAuth routes sit at fixed paths under it): scheme, host and port. */
function authUrl(env: Env, fallback: string, problems: string[]): string {
  const raw = url(env, 'AUTH_URL', ['http:', 'https:'], problems);
  if (raw === undefined) return fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.pathname !== '/' || parsed.search || parsed.hash) problems.push(`AUTH_URL must be an origin such as https://api.example.com, without a path (got "${raw}")`);
    return parsed.origin;
  } catch {
    return raw;
  }
}

/** A comma-separated list of user-agent product tokens (RFC 9309: letters, digits, "-" and "_"). */
function userAgentTokens(env: Env, name: string, problems: string[]): string[] {
  const tokens = (env[name] ?? '').split(',').map((token) => token.trim()).filter(Boolean);
  const bad = tokens.filter((token) => !/^[A-Za-z0-9_-]{1,64}$/.test(token));
  if (bad.length > 0) problems.push(`${name} must list user-agent tokens (letters, digits, "-", "_") separated by commas (got "${bad.join('", "')}")`);
  return tokens.filter((token) => !bad.includes(token));
}

function indexNowSettings(env: Env, problems: string[]): Config['indexNow'] {
  const endpoints = (env.INDEXNOW_ENDPOINTS ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  for (const endpoint of endpoints) {
    if (!/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) problems.push(`INDEXNOW_ENDPOINTS: "${endpoint}" is not an http(s) URL`);
  }
  const key = (env.INDEXNOW_KEY ?? '').trim() || undefined;
  if (key !== undefined && !INDEXNOW_KEY.test(key)) problems.push('INDEXNOW_KEY must be 8 to 128 letters, digits or "-"');
  if (endpoints.length > 0 && key === undefined) problems.push('INDEXNOW_ENDPOINTS needs INDEXNOW_KEY (the key the endpoints check at /{key}.txt)');
  if (endpoints.length > 0 && !env.PUBLIC_URL) problems.push('INDEXNOW_ENDPOINTS needs PUBLIC_URL (the host the pages are announced under)');
  return { endpoints, ...(key !== undefined && { key }) };
}

function crawlerIpRanges(env: Env, problems: string[]): Record<string, string> {
  const ranges: Record<string, string> = {};
  for (const part of (env.CRAWLER_IP_RANGES ?? '').split(';').map((item) => item.trim()).filter(Boolean)) {
    const [platform, cidrs] = part.split('=').map((item) => item.trim());
    try {
      if (!platform || !PLATFORM_NAME.test(platform) || !cidrs) throw new RangeError(`"${part}" is not platform=cidr,cidr`);
      parseCidrList(cidrs);
      ranges[platform] = cidrs;
    } catch (error) {
      problems.push(`CRAWLER_IP_RANGES: ${(error as Error).message}`);
    }
  }
  return ranges;
}

export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const logLevel = (env.LOG_LEVEL ?? 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  const dataDir = resolve(env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : './data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    problems.push(`DATA_DIR "${dataDir}" cannot be created: ${(error as Error).message}`);
  }
  const openaiKey = env.OPENAI_API_KEY;
  const config: Config = {
    port: integer(env, 'PORT', 8080, 0, 65535, problems),
    host: env.HOST && env.HOST !== '' ? env.HOST : '0.0.0.0',
    dataDir,
    logLevel,
    jwtSecret: '',
    mongodbUri: url(env, 'MONGODB_URI', ['mongodb:', 'mongodb+srv:'], problems),
    elasticsearchUrl: url(env, 'ELASTICSEARCH_URL', ['http:', 'https:'], problems),
    elasticsearchIndex: env.ELASTICSEARCH_INDEX && env.ELASTICSEARCH_INDEX !== '' ? env.ELASTICSEARCH_INDEX : 'profiles',
    redisUrl: url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems),
    openai: openaiKey
      ? {
          apiKey: openaiKey,
          baseUrl: url(env, 'OPENAI_BASE_URL', ['http:', 'https:'], problems),
          model: env.OPENAI_MODEL && env.OPENAI_MODEL !== '' ? env.OPENAI_MODEL : 'gpt-4o-mini',
        }
      : undefined,
    inProcessIndexer: flag(env, 'IN_PROCESS_INDEXER', true, problems),
    jsonBodyLimit: integer(env, 'JSON_BODY_LIMIT_BYTES', 1024 * 1024, 1024, 16 * 1024 * 1024, problems),
    startupTimeoutSeconds: integer(env, 'STARTUP_TIMEOUT_SECONDS', 30, 1, 600, problems),
    searchReaderThreads: integer(env, 'SEARCH_READER_THREADS', defaultReaderThreads(), 0, 64, problems),
    searchRankExtension: flag(env, 'SEARCH_RANK_EXTENSION', true, problems),
    searchTopText: flag(env, 'SEARCH_TOP_TEXT', true, problems),
    trustedProxies: trustedProxies(env, problems),
    // A fuzz or demo setting must not ship.
    devRateLimitPlan: nonProductionChoice(env, 'DEV_RATE_LIMIT_PLAN', PLANS, 'is for development only and is refused when NODE_ENV=production; raise the account\'s plan instead (PATCH /v1/admin/accounts/{accountId})', problems),
    // It kills the process.
    idempotencyKillAt: nonProductionChoice(env, 'IDEMPOTENCY_KILL_AT', IDEMPOTENCY_PHASES, 'is for crash tests only and is refused when NODE_ENV=production', problems),
    paymentKillAt: nonProductionChoice(env, 'PAYMENT_KILL_AT', PAYMENT_EVENT_PHASES, 'is for crash tests only and is refused when NODE_ENV=production', problems),
    authFailuresPerAddress: integer(env, 'AUTH_FAILURES_PER_ADDRESS', ADDRESS_FAILURES.failures, 1, 1_000_000_000, problems),
    // At least 91: ingestion accepts events up to 90 days old, and their eventIds must still be
    // there to be recognised as repeats. 400 keeps a full 366-day range of journeys answerable.
    analyticsRawRetentionDays: integer(env, 'ANALYTICS_RAW_RETENTION_DAYS', 400, 91, 36500, problems),
    analyticsEngine: analyticsEngine(env, problems),
    webhooks: webhookSettings(env, problems),
    publicUrl: publicUrl(env, problems),
    analyticsRecording: flag(env, 'ANALYTICS_RECORDING', true, problems),
    analyticsFlushIntervalMs: integer(env, 'ANALYTICS_FLUSH_INTERVAL_MS', 250, 10, 60_000, problems),
    analyticsBufferEvents: integer(env, 'ANALYTICS_BUFFER_EVENTS', 50_000, 100, 10_000_000, problems),
    oauthKeyRotationDays: integer(env, 'OAUTH_KEY_ROTATION_DAYS', 30, 0, 3650, problems),
    publicPagesPerMinute: integer(env, 'PUBLIC_PAGES_PER_MINUTE', DEFAULT_PUBLIC_PAGES_PER_MINUTE, 1, 100_000, problems),
    confirmInformationAfterDays: integer(env, 'CONFIRM_INFORMATION_AFTER_DAYS', DEFAULT_CONFIRM_AFTER_DAYS, 1, 3650, problems),
    directoryName: (env.DIRECTORY_NAME ?? '').trim() || 'Local business directory',
    robotsDisallow: userAgentTokens(env, 'ROBOTS_DISALLOW', problems),
    crawlerIpRanges: crawlerIpRanges(env, problems),
    indexNow: indexNowSettings(env, problems),
    authUrl: '',
    oauthIntrospectionClientIds: oauthClientIds(env, 'OAUTH_INTROSPECTION_CLIENT_IDS', problems),
    payments: paymentSettings(env, problems),
    searchLanguages: searchLanguages(env, problems),
  };
  config.authUrl = authUrl(env, config.publicUrl ?? `http://localhost:${config.port}`, problems);
  // Instances sharing a store must sign and check tokens with one secret; a secret generated into
  // each instance's own DATA_DIR would make every token good on one instance only.
  if (env.NODE_ENV === 'production' && config.mongodbUri && !env.JWT_SECRET) {
    problems.push('JWT_SECRET must be set when NODE_ENV=production and MONGODB_URI is set: every API instance on one store must use the same secret');
  }
  if (problems.length === 0) config.jwtSecret = jwtSecret(env, dataDir, problems);
  // Without WEBHOOK_SECRET_KEY the signing secrets are sealed with a key derived from JWT_SECRET:
  // changing JWT_SECRET then makes them unreadable (set WEBHOOK_SECRET_KEY to decouple the two).
  if (config.webhooks.secretKey === '') config.webhooks.secretKey = config.jwtSecret;
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

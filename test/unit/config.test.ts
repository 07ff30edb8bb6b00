import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config';

const created: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bdapi-config-'));
  created.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

it('defaults to port 8080, the embedded engines and a generated secret kept in DATA_DIR', () => {
  const dir = dataDir();
  const config = loadConfig({ DATA_DIR: dir });
  expect(config).toMatchObject({ port: 8080, logLevel: 'info', inProcessIndexer: true, jsonBodyLimit: 1024 * 1024 });
  expect(config.mongodbUri).toBeUndefined();
  expect(config.elasticsearchUrl).toBeUndefined();
  expect(config.redisUrl).toBeUndefined();
  expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
  expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
});

it('names every bad variable in one error', () => {
  let error: unknown;
  try {
    loadConfig({ DATA_DIR: dataDir(), PORT: 'eighty', LOG_LEVEL: 'loud', REDIS_URL: 'http://x', JWT_SECRET: 'short' });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const message = (error as ConfigError).message;
  expect(message).toMatch(/PORT/);
  expect(message).toMatch(/LOG_LEVEL/);
  expect(message).toMatch(/REDIS_URL/);
});

it('rejects a JWT secret shorter than 32 characters', () => {
  expect(() => loadConfig({ DATA_DIR: dataDir(), JWT_SECRET: 'too-short' })).toThrow(/JWT_SECRET/);
});

it('switches each production engine on its own', () => {
  const config = loadConfig({ DATA_DIR: dataDir(), ELASTICSEARCH_URL: 'http://127.0.0.1:9200' });
  expect(config.elasticsearchUrl).toBe('http://127.0.0.1:9200');
  expect(config.mongodbUri).toBeUndefined();
  expect(config.redisUrl).toBeUndefined();
});

it('configures the language model only with an API key', () => {
  expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_BASE_URL: 'http://127.0.0.1:1' }).openai).toBeUndefined();
  expect(loadConfig({ DATA_DIR: dataDir(), OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'http://127.0.0.1:1' }).openai).toEqual({ apiKey: 'k', baseUrl: 'http://127.0.0.1:1', model: 'gpt-4o-mini' });
});

it('scores embedded text with the ranking extension unless told not to', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).searchRankExtension).toBe(true);
  expect(loadConfig({ DATA_DIR: dataDir(), SEARCH_RANK_EXTENSION: 'false' }).searchRankExtension).toBe(false);
  expect(() => loadConfig({ DATA_DIR: dataDir(), SEARCH_RANK_EXTENSION: 'sometimes' })).toThrow(/SEARCH_RANK_EXTENSION/);
});

it('runs embedded searches on one reader thread per core (at most 4) unless told otherwise', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).searchReaderThreads).toBe(Math.min(4, Math.max(1, availableParallelism())));
  expect(loadConfig({ DATA_DIR: dataDir(), SEARCH_READER_THREADS: '0' }).searchReaderThreads).toBe(0);
  expect(() => loadConfig({ DATA_DIR: dataDir(), SEARCH_READER_THREADS: 'many' })).toThrow(/SEARCH_READER_THREADS/);
  expect(() => loadConfig({ DATA_DIR: dataDir(), SEARCH_READER_THREADS: '-1' })).toThrow(/SEARCH_READER_THREADS/);
});

it('trusts no proxy unless TRUST_PROXY says how many append to X-Forwarded-For', () => {
  const proxies = (value?: string) => loadConfig({ DATA_DIR: dataDir(), ...(value !== undefined && { TRUST_PROXY: value }) }).trustedProxies;
  expect(proxies()).toBe(0);
  expect(proxies('')).toBe(0);
  expect(proxies('false')).toBe(0);
  expect(proxies('true')).toBe(1);
  expect(proxies('TRUE')).toBe(1);
  expect(proxies('2')).toBe(2);
  expect(proxies('0')).toBe(0);
  expect(() => proxies('always')).toThrow(/TRUST_PROXY must be true, false or a number of proxies from 0 to 10 \(got "always"\)/);
  expect(() => proxies('11')).toThrow(/TRUST_PROXY/);
  expect(() => proxies('-1')).toThrow(/TRUST_PROXY/);
  expect(() => proxies('1.5')).toThrow(/TRUST_PROXY/);
});

it('keeps raw analytics events 400 days unless told, and never fewer than the 91 that ingestion de-duplication needs', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).analyticsRawRetentionDays).toBe(400);
  expect(loadConfig({ DATA_DIR: dataDir(), ANALYTICS_RAW_RETENTION_DAYS: '120' }).analyticsRawRetentionDays).toBe(120);
  expect(() => loadConfig({ DATA_DIR: dataDir(), ANALYTICS_RAW_RETENTION_DAYS: '30' })).toThrow(/ANALYTICS_RAW_RETENTION_DAYS must be a whole number from 91/);
});

it('keeps analytics with the search engine unless ANALYTICS_ENGINE says otherwise', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).analyticsEngine).toBe('sqlite');
  expect(loadConfig({ DATA_DIR: dataDir(), ELASTICSEARCH_URL: 'http://127.0.0.1:9200' }).analyticsEngine).toBe('elasticsearch');
  expect(loadConfig({ DATA_DIR: dataDir(), ELASTICSEARCH_URL: 'http://127.0.0.1:9200', ANALYTICS_ENGINE: 'sqlite' }).analyticsEngine).toBe('sqlite');
  expect(() => loadConfig({ DATA_DIR: dataDir(), ANALYTICS_ENGINE: 'elasticsearch' })).toThrow(/ANALYTICS_ENGINE=elasticsearch needs ELASTICSEARCH_URL/);
  expect(() => loadConfig({ DATA_DIR: dataDir(), ANALYTICS_ENGINE: 'clickhouse' })).toThrow(/ANALYTICS_ENGINE must be sqlite or elasticsearch/);
});

it('refuses a production instance on MongoDB without JWT_SECRET: a fleet must share one secret', () => {
  expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', MONGODB_URI: 'mongodb://127.0.0.1:27017/x' })).toThrow(
    /JWT_SECRET must be set when NODE_ENV=production and MONGODB_URI is set/,
  );
  const secret = 'a-shared-secret-of-at-least-thirty-two-characters';
  expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', MONGODB_URI: 'mongodb://127.0.0.1:27017/x', JWT_SECRET: secret }).jwtSecret).toBe(secret);
  // Development on MongoDB keeps the generated secret.
  expect(loadConfig({ DATA_DIR: dataDir(), MONGODB_URI: 'mongodb://127.0.0.1:27017/x' }).jwtSecret.length).toBeGreaterThanOrEqual(32);
});

it('rotates OAuth signing keys every 30 days unless OAUTH_KEY_ROTATION_DAYS says otherwise (0: never)', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).oauthKeyRotationDays).toBe(30);
  expect(loadConfig({ DATA_DIR: dataDir(), OAUTH_KEY_ROTATION_DAYS: '0' }).oauthKeyRotationDays).toBe(0);
  expect(() => loadConfig({ DATA_DIR: dataDir(), OAUTH_KEY_ROTATION_DAYS: '-1' })).toThrow(/OAUTH_KEY_ROTATION_DAYS must be a whole number from 0 to 3650/);
});

it('understands kinds of business in en, es, fr, de, pt and it unless SEARCH_LANGUAGES says otherwise (English always)', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).searchLanguages).toEqual(['en', 'es', 'fr', 'de', 'pt', 'it']);
  expect(loadConfig({ DATA_DIR: dataDir(), SEARCH_LANGUAGES: 'es, pt-br,nl' }).searchLanguages).toEqual(['en', 'es', 'pt-BR', 'nl']);
  expect(loadConfig({ DATA_DIR: dataDir(), SEARCH_LANGUAGES: 'es-MX,en-GB' }).searchLanguages).toEqual(['en', 'es']);
  expect(() => loadConfig({ DATA_DIR: dataDir(), SEARCH_LANGUAGES: 'es,klingon,x1' })).toThrow(/SEARCH_LANGUAGES must list languages the tagging schema translates.*unknown: "klingon, x1"/);
});

it('lets no client introspect other clients\' tokens unless OAUTH_INTROSPECTION_CLIENT_IDS names it', () => {
  expect(loadConfig({ DATA_DIR: dataDir() }).oauthIntrospectionClientIds).toEqual([]);
  const ids = 'client_AAAAAAAAAAAAAAAAAAAAAAAA, client_bbbbbbbbbbbbbbbbbbbbbbb1';
  expect(loadConfig({ DATA_DIR: dataDir(), OAUTH_INTROSPECTION_CLIENT_IDS: ids }).oauthIntrospectionClientIds).toEqual(['client_AAAAAAAAAAAAAAAAAAAAAAAA', 'client_bbbbbbbbbbbbbbbbbbbbbbb1']);
  expect(() => loadConfig({ DATA_DIR: dataDir(), OAUTH_INTROSPECTION_CLIENT_IDS: 'gateway' })).toThrow(/OAUTH_INTROSPECTION_CLIENT_IDS must be a comma-separated list of OAuth client ids .*got "gateway"/);
});

describe('payment settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env }).payments;
  const problemsOf = (env: Record<string, string>) => {
    try {
      load(env);
    } catch (error) {
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('has no keys, a 15-minute hold and no application fee by default', () => {
    expect(load({})).toEqual({ webhookSecrets: [], holdMinutes: 15, applicationFeePercent: 0, planPrices: {}, eventLeaseSeconds: 60 });
  });

  it('uses a test STRIPE_SECRET_KEY for the sandbox too, and STRIPE_TEST_SECRET_KEY beside a live key', () => {
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toMatchObject({ liveKey: 'sk_test_abc', testKey: 'sk_test_abc', webhookSecrets: ['whsec_a'] });
    const both = load({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_TEST_SECRET_KEY: 'sk_test_def', STRIPE_WEBHOOK_SECRET: 'whsec_a, whsec_b' });
    expect(both).toMatchObject({ liveKey: 'sk_live_abc', testKey: 'sk_test_def', webhookSecrets: ['whsec_a', 'whsec_b'] });
    expect(load({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' }).testKey).toBeUndefined();
  });

  it('stops at start with a key but no webhook secret, a secret but no key, a live sandbox key or stripe-mock with a live key', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_abc' })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET must be set/)]);
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toEqual([expect.stringMatching(/^STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY/)]);
    expect(problemsOf({ STRIPE_TEST_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a' })).toEqual([expect.stringMatching(/^STRIPE_TEST_SECRET_KEY must be a test-mode key/)]);
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_a', STRIPE_API_URL: 'http://127.0.0.1:12111' })).toEqual([
      expect.stringMatching(/^STRIPE_API_URL is for test keys only/),
    ]);
  });

  it('names malformed keys, secrets, prices, holds and fees', () => {
    const problems = problemsOf({
      STRIPE_SECRET_KEY: 'pk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'secret',
      STRIPE_PRICE_PROFESSIONAL: 'prod_1',
      PAYMENT_HOLD_MINUTES: '0',
      PAYMENT_APPLICATION_FEE_PERCENT: '2.555',
    });
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PROFESSIONAL', 'PAYMENT_HOLD_MINUTES', 'PAYMENT_APPLICATION_FEE_PERCENT']) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
    expect(load({ PAYMENT_HOLD_MINUTES: '30', PAYMENT_APPLICATION_FEE_PERCENT: '2.5', STRIPE_PRICE_ENTERPRISE: 'price_ent' })).toMatchObject({ holdMinutes: 30, applicationFeePercent: 2.5, planPrices: { enterprise: 'price_ent' } });
  });
});

it('takes IDEMPOTENCY_KILL_AT for crash tests, and refuses it in production or with an unknown phase', () => {
  expect(loadConfig({ DATA_DIR: dataDir(), IDEMPOTENCY_KILL_AT: 'written' }).idempotencyKillAt).toBe('written');
  expect(loadConfig({ DATA_DIR: dataDir() }).idempotencyKillAt).toBeUndefined();
  expect(() => loadConfig({ DATA_DIR: dataDir(), IDEMPOTENCY_KILL_AT: 'later' })).toThrow('IDEMPOTENCY_KILL_AT must be one of claimed, written, answered (got "later")');
  expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), IDEMPOTENCY_KILL_AT: 'claimed' })).toThrow(
    'IDEMPOTENCY_KILL_AT is for crash tests only and is refused when NODE_ENV=production',
  );
});

it('takes PAYMENT_KILL_AT for crash tests, and refuses it in production or with an unknown phase', () => {
  expect(loadConfig({ DATA_DIR: dataDir(), PAYMENT_KILL_AT: 'event_handled' }).paymentKillAt).toBe('event_handled');
  expect(loadConfig({ DATA_DIR: dataDir() }).paymentKillAt).toBeUndefined();
  expect(() => loadConfig({ DATA_DIR: dataDir(), PAYMENT_KILL_AT: 'never' })).toThrow('PAYMENT_KILL_AT must be one of event_stored, event_handled (got "never")');
  expect(() => loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENT_KILL_AT: 'event_stored' })).toThrow(
    'PAYMENT_KILL_AT is for crash tests only and is refused when NODE_ENV=production',
  );
});

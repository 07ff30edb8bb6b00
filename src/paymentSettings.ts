// Payment settings (STRIPE_*, PAYMENT_*), read with config.ts. Payments work when a secret key and
// a webhook secret are both set; with neither the service runs as it always did and payment
// operations answer 503 PAYMENTS_NOT_CONFIGURED; with one of them only, start-up stops, since
// checkouts made without the webhook (or a webhook without a key) would never settle.
import { type Env, integer, url } from './configReaders';

const STRIPE_KEY = /^(sk|rk)_(test|live)_[0-9A-Za-z_]+$/;
const WEBHOOK_SECRET = /^whsec_[0-9A-Za-z_+/=]+$/;
const PRICE_ID = /^price_[0-9A-Za-z_]+$/;

export interface PaymentSettings {
  /** STRIPE_SECRET_KEY: payments of the live environment (sk_live_ in production, sk_test_ while trying it out). */
  liveKey?: string;
  /** The sandbox's key (sk_test_ keys' calls): STRIPE_TEST_SECRET_KEY, else STRIPE_SECRET_KEY when that is a test key. Never a live key. */
  testKey?: string;
  /** STRIPE_WEBHOOK_SECRET: the signing secrets of the Stripe endpoints that POST to us (platform and Connect), comma-separated. */
  webhookSecrets: string[];
  /** STRIPE_API_URL: another server speaking Stripe's API (stripe-mock in tests); test keys only. */
  apiUrl?: string;
  /** PAYMENT_HOLD_MINUTES (default 15): how long a booking awaiting payment holds its place. */
  holdMinutes: number;
  /** PAYMENT_APPLICATION_FEE_PERCENT (default 0): the platform's cut of each booking payment, in percent (two decimals). */
  applicationFeePercent: number;
  /** STRIPE_PRICE_PROFESSIONAL / STRIPE_PRICE_ENTERPRISE: the Stripe prices of the paid plans. */
  planPrices: { professional?: string; enterprise?: string };
  /** PAYMENT_EVENT_LEASE_SECONDS (default 60): how long a process that died handling a provider event holds it before another handles it. */
  eventLeaseSeconds: number;
}

const keyMode = (key: string | undefined) => (key ? STRIPE_KEY.exec(key)?.[2] : undefined);

function optional(env: Env, name: string, pattern: RegExp, expected: string, problems: string[]): string | undefined {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return undefined;
  if (!pattern.test(raw)) {
    problems.push(`${name} must be ${expected}`);
    return undefined;
  }
  return raw;
}

/** 0 to 100 with at most two decimals (2.5 = 2.5 %). */
function percent(env: Env, name: string, problems: string[]): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > 100) {
    problems.push(`${name} must be a percentage from 0 to 100 with at most two decimals (got "${raw}")`);
    return 0;
  }
  return Number(raw);
}

export function paymentSettings(env: Env, problems: string[]): PaymentSettings {
  const liveKey = optional(env, 'STRIPE_SECRET_KEY', STRIPE_KEY, 'a Stripe secret key (sk_live_..., sk_test_..., or a restricted rk_ key)', problems);
  const explicitTestKey = optional(env, 'STRIPE_TEST_SECRET_KEY', STRIPE_KEY, 'a Stripe test secret key (sk_test_...)', problems);
  if (explicitTestKey && keyMode(explicitTestKey) !== 'test') problems.push('STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_ or rk_test_): the sandbox never reaches live money');
  const testKey = explicitTestKey ?? (keyMode(liveKey) === 'test' ? liveKey : undefined);
  const secrets = (env.STRIPE_WEBHOOK_SECRET ?? '').split(',').map((secret) => secret.trim()).filter((secret) => secret !== '');
  if (secrets.some((secret) => !WEBHOOK_SECRET.test(secret))) problems.push('STRIPE_WEBHOOK_SECRET must be one or more Stripe endpoint signing secrets (whsec_...), comma-separated');
  const hasKey = liveKey !== undefined || explicitTestKey !== undefined;
  if (hasKey && secrets.length === 0) problems.push('STRIPE_WEBHOOK_SECRET must be set with a Stripe key: payments settle through Stripe\'s webhook (docs/payments.md)');
  if (!hasKey && secrets.length > 0) problems.push('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY (or STRIPE_TEST_SECRET_KEY): set the key too, or neither');
  const apiUrl = url(env, 'STRIPE_API_URL', ['http:', 'https:'], problems);
  if (apiUrl && keyMode(liveKey) === 'live') problems.push('STRIPE_API_URL is for test keys only (stripe-mock); a live key talks to Stripe itself');
  const professional = optional(env, 'STRIPE_PRICE_PROFESSIONAL', PRICE_ID, 'a Stripe price id (price_...)', problems);
  const enterprise = optional(env, 'STRIPE_PRICE_ENTERPRISE', PRICE_ID, 'a Stripe price id (price_...)', problems);
  return {
    ...(liveKey && { liveKey }),
    ...(testKey && { testKey }),
    webhookSecrets: secrets,
    ...(apiUrl && { apiUrl }),
    holdMinutes: integer(env, 'PAYMENT_HOLD_MINUTES', 15, 1, 1440, problems),
    applicationFeePercent: percent(env, 'PAYMENT_APPLICATION_FEE_PERCENT', problems),
    eventLeaseSeconds: integer(env, 'PAYMENT_EVENT_LEASE_SECONDS', 60, 5, 3600, problems),
    planPrices: { ...(professional && { professional }), ...(enterprise && { enterprise }) },
  };
}

// The official Stripe SDK, set up once per secret key: its mode read from the key's prefix, the
// SDK's own retries of network failures (which resend the same Idempotency-Key, so a retry never
// charges twice), a timeout, and an optional base URL (stripe-mock in tests).
import Stripe from 'stripe';
import { PaymentProviderUnavailableError, ProviderRefusal } from '../../domain/payments/providerErrors';
import type { ProviderMode } from '../../domain/payments/providerEvent';

export interface StripeClientOptions {
  secretKey: string;
  /** STRIPE_API_URL: another server speaking Stripe's API (stripe-mock); default Stripe's. */
  apiUrl?: string;
  timeoutMs?: number;
}

const KEY = /^(sk|rk)_(test|live)_[0-9A-Za-z_]+$/;

/** The mode of a secret (sk_) or restricted (rk_) key, or undefined when it is neither. */
export function stripeKeyMode(key: string): ProviderMode | undefined {
  const match = KEY.exec(key);
  return match ? (match[2] as ProviderMode) : undefined;
}

export function createStripeClient(options: StripeClientOptions): { stripe: Stripe; mode: ProviderMode } {
  const mode = stripeKeyMode(options.secretKey);
  if (!mode) throw new Error('A Stripe secret key starts with sk_test_, sk_live_, rk_test_ or rk_live_');
  const base = options.apiUrl ? new URL(options.apiUrl) : undefined;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: options.timeoutMs ?? 20_000,
    appInfo: { name: 'business-discovery-api' },
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === 'https:' ? 443 : 80),
      protocol: base.protocol === 'https:' ? 'https' : 'http',
    }),
  });
  return { stripe, mode };
}

/**
 * Stripe's errors in the domain's words: Stripe down, slow, rate limiting us or refusing our key is
 * a 503 for the caller (and logged by the error handler); a request refused on its merits is a
 * ProviderRefusal the service decides about.
 */
export function translateStripeError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) return error instanceof Error ? error : new Error(String(error));
  switch (error.type) {
    case 'StripeInvalidRequestError':
    case 'StripeCardError':
    case 'StripeIdempotencyError':
      return new ProviderRefusal(error.message, error.code);
    default: {
      // The caller reads "retry later"; the log keeps what Stripe said.
      const unavailable = new PaymentProviderUnavailableError();
      unavailable.cause = error;
      return unavailable;
    }
  }
}

export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw translateStripeError(error);
  }
}

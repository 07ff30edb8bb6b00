// Which payment provider serves a call: the live environment pays with STRIPE_SECRET_KEY,
// the sandbox with a test-mode key only (STRIPE_TEST_SECRET_KEY, or STRIPE_SECRET_KEY when that is
// a test key), so sandbox callers never reach live money. Without one, every payment operation
// answers 503 PAYMENTS_NOT_CONFIGURED with a message naming what to set.
import { PaymentProviderUnavailableError, PaymentsNotConfiguredError } from '../../domain/payments/providerErrors';
import type { Logger } from '../../logger';
import type { Environment } from '../../domain/profile';
import type { PaymentProvider, ProviderEventVerifier } from '../../ports/paymentProvider';

export interface PaymentProviders {
  /** The provider of `environment`, or PaymentsNotConfiguredError. */
  for(environment: Environment): PaymentProvider;
  configured(environment: Environment): boolean;
  /** Checks the provider's notifications; absent without webhook secrets. */
  verifier?: ProviderEventVerifier;
}

export function notConfigured(environment: Environment, anyConfigured: boolean): PaymentsNotConfiguredError {
  if (environment === 'test' && anyConfigured) {
    return new PaymentsNotConfiguredError(
      'Sandbox payments are not configured on this server: its operator sets STRIPE_TEST_SECRET_KEY (a Stripe test-mode key) beside the live STRIPE_SECRET_KEY',
    );
  }
  return new PaymentsNotConfiguredError('Payments are not configured on this server: its operator sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/payments.md)');
}

/**
 * The provider with every call's failure to reach it logged with what it said (a refused key, a
 * timeout): the caller only reads "retry later" (503), the operator needs the reason.
 */
function logging(provider: PaymentProvider, logger: Pick<Logger, 'warn'>): PaymentProvider {
  const wrapped: Record<string, unknown> = { name: provider.name, mode: provider.mode };
  for (const [call, method] of Object.entries(provider)) {
    if (typeof method !== 'function') continue;
    wrapped[call] = async (...args: unknown[]) => {
      try {
        return await (method as (...values: unknown[]) => Promise<unknown>).apply(provider, args);
      } catch (error) {
        if (error instanceof PaymentProviderUnavailableError) logger.warn({ err: error.cause ?? error, provider: provider.name, mode: provider.mode, call }, 'the payment provider failed');
        throw error;
      }
    };
  }
  return wrapped as unknown as PaymentProvider; // built method by method from the provider's own: the same calls
}

export function createPaymentProviders(given: Partial<Record<Environment, PaymentProvider>>, verifier?: ProviderEventVerifier, logger?: Pick<Logger, 'warn'>): PaymentProviders {
  const anyConfigured = given.live !== undefined || given.test !== undefined;
  const wrap = (provider: PaymentProvider | undefined) => (provider && logger ? logging(provider, logger) : provider);
  const providers: Partial<Record<Environment, PaymentProvider>> = { live: wrap(given.live), test: given.test === given.live ? wrap(given.live) : wrap(given.test) };
  return {
    for(environment) {
      const provider = providers[environment];
      if (!provider) throw notConfigured(environment, anyConfigured);
      return provider;
    },
    configured: (environment) => providers[environment] !== undefined,
    ...(verifier && { verifier }),
  };
}

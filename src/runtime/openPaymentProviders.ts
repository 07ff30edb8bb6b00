// The payment providers of this process, from STRIPE_*: the live environment's key and
// the sandbox's test-mode key (one Stripe client when they are the same key), and the verifier of
// Stripe's notifications over every configured endpoint secret. Without keys: none, payment
// operations answer 503, and the Stripe SDK is never loaded.
import type { Logger } from '../logger';
import type { PaymentSettings } from '../paymentSettings';
import type { PaymentProvider } from '../ports/paymentProvider';
import { createPaymentProviders, type PaymentProviders } from '../services/payments/paymentProviders';

export async function openPaymentProviders(settings: PaymentSettings, logger: Logger): Promise<PaymentProviders> {
  if (!settings.liveKey && !settings.testKey) return createPaymentProviders({});
  const { createStripeProvider } = await import('../adapters/stripe/stripeProvider');
  const { createStripeEventVerifier } = await import('../adapters/stripe/stripeEvents');
  const open = (secretKey: string) => createStripeProvider({ secretKey, ...(settings.apiUrl && { apiUrl: settings.apiUrl }) });
  const live: PaymentProvider | undefined = settings.liveKey ? open(settings.liveKey) : undefined;
  const test: PaymentProvider | undefined = settings.testKey ? (settings.testKey === settings.liveKey ? live : open(settings.testKey)) : undefined;
  return createPaymentProviders({ ...(live && { live }), ...(test && { test }) }, createStripeEventVerifier(settings.webhookSecrets), logger.child({ component: 'payments' }));
}

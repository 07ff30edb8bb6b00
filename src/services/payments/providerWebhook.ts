// The provider's notifications arrive here (POST /v1/payments/stripe/webhook): the
// signature is checked over the raw body (a bad one is refused and changes nothing), the event is
// stored in the inbox before it is acknowledged (a repeat of one stored already is acknowledged
// as it is), and the payment worker is woken to handle it. A store that cannot take it answers
// 503, so the provider sends it again later.
import { ValidationError } from '../../domain/errors';
import { InvalidProviderSignature, PaymentsNotConfiguredError } from '../../domain/payments/providerErrors';
import type { PaymentEventPhase } from '../../domain/payments/paymentEventPhases';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';
import type { PaymentProviders } from './paymentProviders';

export interface ProviderWebhookDeps {
  store: Store;
  providers: PaymentProviders;
  clock: Clock;
  /** Wakes the payment worker of this process so the event is handled at once. */
  received?: () => void;
  /** Crash tests: called once the event is stored, before it is acknowledged. */
  onPhase?: (phase: PaymentEventPhase) => void;
}

export function createProviderWebhook({ store, providers, clock, received, onPhase }: ProviderWebhookDeps) {
  return async function receive(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const verify = providers.verifier;
    if (!verify) throw new PaymentsNotConfiguredError('Payments are not configured on this server: its operator sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    let event;
    try {
      event = verify(rawBody, signature);
    } catch (error) {
      if (error instanceof InvalidProviderSignature) throw new ValidationError('Stripe-Signature', 'does not verify against the webhook secrets of this server', error.message);
      throw new ValidationError('body', 'is not a provider event', 'The body is not a Stripe event');
    }
    const stored = await store.payments.inbox.add(event, clock().toISOString());
    onPhase?.('event_stored');
    received?.();
    return { received: true, duplicate: !stored };
  };
}

export type ProviderWebhook = ReturnType<typeof createProviderWebhook>;

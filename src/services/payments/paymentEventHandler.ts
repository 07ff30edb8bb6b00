// Acts on one notification of the payment provider, whatever order they arrive in:
// every change is checked against what is stored (a payment only moves forward, an account or
// subscription only takes a newer state), so a late payment failure after a success, or the same
// event twice, changes nothing. A notification only touches records of its own mode (a test-mode
// event never reaches a live payment) and, for a business's payment, of its own connected account.
import { type Payment, paymentFailed, REFUND_REASONS, type RefundReason } from '../../domain/payments/payment';
import { withAccountState } from '../../domain/payments/paymentAccount';
import type { ProviderEvent } from '../../domain/payments/providerEvent';
import type { Logger } from '../../logger';
import type { ProviderReference } from '../../ports/payments';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';
import { paymentEvent } from '../webhooks/webhookEvents';
import type { BookingSettlement } from './bookingSettlement';
import type { PlanBilling } from './planBilling';

export interface PaymentEventHandlerDeps {
  store: Store;
  settlement: BookingSettlement;
  plans: PlanBilling;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export type HandlePaymentEvent = (event: ProviderEvent) => Promise<void>;

export function createPaymentEventHandler({ store, settlement, plans, clock, logger }: PaymentEventHandlerDeps): HandlePaymentEvent {
  /** The payment a notification is about: by our reference, else by the provider's id; only one of the event's mode and account. */
  async function paymentOf(event: ProviderEvent, reference: string | undefined, byProvider: ProviderReference | undefined): Promise<Payment | null> {
    const found = (reference ? await store.payments.payments.get(reference) : null) ?? (byProvider ? await store.payments.payments.findByProviderReference(event.mode, byProvider) : null);
    if (!found) return null;
    const sameAccount = found.purpose !== 'booking' || event.connectedAccountId === undefined || event.connectedAccountId === found.providerAccountId;
    if (found.mode !== event.mode || !sameAccount) {
      logger.warn({ eventId: event.id, paymentId: found.id }, 'a provider event names a payment of another mode or account; ignored');
      return null;
    }
    return found;
  }

  async function failed(payment: Payment, reason: string, paymentIntentId?: string): Promise<void> {
    const at = clock();
    const booking = payment.bookingId ? await store.bookings.get(payment.environment, payment.bookingId) : null;
    const next = paymentFailed(payment, { reason, ...(paymentIntentId && { paymentIntentId }), at: at.toISOString() });
    if (next) await store.payments.payments.replace(next, payment.version, [paymentEvent('payment.failed', next, booking, at)]);
  }

  return async (event) => {
    const change = event.change;
    switch (change.kind) {
      case 'checkout_completed': {
        if (change.subscriptionId) return plans.checkoutCompleted(event, change);
        const payment = await paymentOf(event, change.reference, { checkoutSessionId: change.sessionId });
        if (!payment) return;
        const facts = change.paymentIntentId ? { paymentIntentId: change.paymentIntentId } : {};
        if (change.paid) return settlement.paid(payment, facts);
        // A delayed method (bank debit): the outcome comes later; keep the charge's id for a refund.
        if (change.paymentIntentId && !payment.paymentIntentId) {
          await store.payments.payments.replace({ ...payment, paymentIntentId: change.paymentIntentId, version: payment.version + 1, updatedAt: clock().toISOString() }, payment.version);
        }
        return;
      }
      case 'payment_succeeded': {
        const payment = await paymentOf(event, change.reference, { paymentIntentId: change.paymentIntentId });
        return payment ? settlement.paid(payment, { paymentIntentId: change.paymentIntentId }) : undefined;
      }
      case 'checkout_payment_failed': {
        const payment = await paymentOf(event, change.reference, { checkoutSessionId: change.sessionId });
        return payment ? failed(payment, change.reason ?? 'The payment failed') : undefined;
      }
      case 'payment_failed': {
        const payment = await paymentOf(event, change.reference, { paymentIntentId: change.paymentIntentId });
        return payment ? failed(payment, change.reason ?? 'The payment was declined', change.paymentIntentId) : undefined;
      }
      case 'checkout_expired': {
        const payment = await paymentOf(event, change.reference, { checkoutSessionId: change.sessionId });
        if (payment?.purpose === 'booking') return settlement.checkoutExpired(payment);
        return;
      }
      case 'refund_changed': {
        const payment = await paymentOf(event, change.reference, change.paymentIntentId ? { paymentIntentId: change.paymentIntentId } : undefined);
        if (!payment) return;
        // Ours carry their reason in the refund's metadata; one made at the provider's dashboard does not.
        const stated = (change.metadata as Partial<Record<string, string>>).reason;
        const reason = (REFUND_REASONS as readonly string[]).includes(stated ?? '') ? (stated as RefundReason) : 'made_at_provider';
        return settlement.recordRefund(payment, { providerRefundId: change.providerRefundId, amount: change.amount.amount, state: change.state, reason });
      }
      case 'account_changed': {
        const account = await store.payments.accounts.findByProviderAccount(event.mode, change.account.providerAccountId);
        const next = account ? withAccountState(account, change.account, event.occurredAt, clock().toISOString()) : null;
        if (account && next) await store.payments.accounts.replace(next, account.version);
        return;
      }
      case 'subscription_changed':
        return plans.subscriptionChanged(event, change.subscription);
      case 'invoice_paid':
      case 'invoice_failed':
        return plans.invoiceSettled(event, change);
      case 'other':
        return;
    }
  };
}

// Booking a service that takes payment: before the booking is stored, what it must pay
// (its hold, its refund cut-off) and a check that the business can take payments; once it holds
// its place (pending_payment), a checkout on the business's own account at the provider, with the
// platform's application fee, under an idempotency key of the booking. When the provider cannot
// open one, the place is released at once and the caller hears why.
import type { Booking } from '../../domain/bookings/booking';
import { amountDue, type BookingPayment } from '../../domain/bookings/bookingPayment';
import { ConflictError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { isoInZone } from '../../domain/localTime';
import { toMinorUnits } from '../../domain/money';
import type { Payment } from '../../domain/payments/payment';
import { type PaymentAccount, paymentAccountStatus } from '../../domain/payments/paymentAccount';
import { ProviderRefusal } from '../../domain/payments/providerErrors';
import type { BusinessProfile, Environment, Service } from '../../domain/profile';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';
import type { BookingSettlement } from './bookingSettlement';
import type { PaymentProviders } from './paymentProviders';

const HOUR_MS = 3_600_000;

export interface CheckoutPages {
  /** Where the provider sends the customer after paying; default the dashboard's checkout notice. */
  successUrl?: string;
  cancelUrl?: string;
}

export interface BookingCheckoutDeps {
  store: Store;
  providers: PaymentProviders;
  settlement: BookingSettlement;
  clock: Clock;
  /** PAYMENT_HOLD_MINUTES. */
  holdMinutes: number;
  /** PAYMENT_APPLICATION_FEE_PERCENT. */
  applicationFeePercent: number;
}

function notReady(businessId: string): ConflictError {
  return new ConflictError(
    'PAYMENTS_NOT_READY',
    `Business ${businessId} cannot take payments yet: its owner finishes the payment provider's onboarding first (POST /v1/business/profile/${businessId}/payments/account)`,
  );
}

export function createBookingCheckout({ store, providers, settlement, clock, holdMinutes, applicationFeePercent }: BookingCheckoutDeps) {
  async function readyAccount(environment: Environment, businessId: string): Promise<PaymentAccount> {
    const provider = providers.for(environment);
    const account = await store.payments.accounts.get(environment, businessId);
    // An account made with a key of the other mode cannot take this key's charges.
    if (!account || paymentAccountStatus(account) !== 'ready' || account.mode !== provider.mode) throw notReady(businessId);
    return account;
  }

  /**
   * What a booking of `service` starting at `startMs` must pay, or undefined when it takes no
   * payment; PAYMENTS_NOT_CONFIGURED (503) or PAYMENTS_NOT_READY (409) when it cannot be paid.
   */
  async function prepare(environment: Environment, profile: BusinessProfile, service: Service, startMs: number): Promise<BookingPayment | undefined> {
    const due = amountDue(service);
    if (!due || !service.payment || service.payment.required === 'none') return undefined;
    await readyAccount(environment, profile.id);
    const now = clock().getTime();
    const cutoffHours = service.payment.refundCutoffHours;
    return {
      paymentId: newId('pay'),
      required: service.payment.required,
      amount: toMinorUnits(due.amount, due.currency),
      currency: due.currency,
      holdExpiresAt: new Date(now + holdMinutes * 60_000).toISOString(),
      refundableUntil: new Date(startMs - cutoffHours * HOUR_MS).toISOString(),
    };
  }

  /** The checkout of a booking that holds its place awaiting payment: the booking with its checkoutUrl. */
  async function open(booking: Booking, profile: BusinessProfile, origin: string, pages: CheckoutPages = {}): Promise<Booking> {
    const due = booking.payment!;
    const provider = providers.for(booking.environment);
    const account = await readyAccount(booking.environment, profile.id);
    const applicationFee = Math.round((due.amount * applicationFeePercent) / 100);
    const back = `${origin}/dashboard?booking=${booking.id}&checkout=`;
    let page;
    try {
      page = await provider.createPaymentCheckout({
        connectedAccountId: account.state.providerAccountId,
        description: `${due.required === 'deposit' ? 'Deposit: ' : ''}${booking.serviceName}, ${profile.name}, ${isoInZone(booking.timeZone, Date.parse(booking.start)).slice(0, 16).replace('T', ' ')}`,
        amount: { amount: due.amount, currency: due.currency },
        applicationFee,
        reference: due.paymentId,
        metadata: { bookingId: booking.id, businessId: booking.businessId, environment: booking.environment },
        ...(booking.customer.email && { customerEmail: booking.customer.email }),
        successUrl: pages.successUrl ?? `${back}paid`,
        cancelUrl: pages.cancelUrl ?? `${back}cancelled`,
        closeBy: new Date(due.holdExpiresAt),
        idempotencyKey: `checkout_${booking.id}`,
      });
    } catch (error) {
      // Nothing can be paid: the place is released now rather than held for nobody.
      await settlement.releaseWithoutCheckout(booking).catch(() => undefined);
      if (error instanceof ProviderRefusal) throw new ConflictError('CHECKOUT_REFUSED', `The payment provider refused to open a checkout for this booking: ${error.message}`);
      throw error;
    }
    const at = clock().toISOString();
    const payment: Payment = {
      id: due.paymentId,
      environment: booking.environment,
      mode: provider.mode,
      provider: provider.name,
      purpose: 'booking',
      accountId: profile.ownerId,
      payerAccountId: booking.createdBy,
      businessId: booking.businessId,
      bookingId: booking.id,
      amount: due.amount,
      currency: due.currency,
      applicationFee,
      status: 'pending',
      providerAccountId: account.state.providerAccountId,
      checkoutSessionId: page.sessionId,
      refunds: [],
      ...(booking.journeyId !== undefined && { journeyId: booking.journeyId }),
      version: 1,
      createdAt: at,
      updatedAt: at,
    };
    await store.payments.payments.create(payment);
    const withLink: Booking = { ...booking, payment: { ...due, checkoutUrl: page.url }, version: booking.version + 1 };
    return store.bookings.replace(withLink, booking.version);
  }

  return { prepare, open };
}

export type BookingCheckout = ReturnType<typeof createBookingCheckout>;

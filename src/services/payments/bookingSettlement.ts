// What a booking's payment does to the booking, each step idempotent so that handling a
// notification twice, or again after a crash half-way, acts once:
// - paid: the payment succeeds (payment.processed) and the booking awaiting it is confirmed
//   (booking.updated, a conversion valued at what was paid); a booking released meanwhile gets
//   its money back instead (a refund due, reason booking_released);
// - released: a hold that ran out unpaid closes the checkout and frees the place (booking expired,
//   booking.updated; the payment canceled, payment.failed);
// - refunded: a refund decided on a booking (its cancellation) is sent to the provider with an
//   idempotency key of the booking, recorded on the payment, and payment.refunded sent once the
//   provider says it went through.
// Without multi-document transactions (MongoDB) the payment is written before the booking, so a
// crash between the two leaves a payment that says more than its booking; the next attempt finds
// the payment done and finishes the booking.
import type { Booking } from '../../domain/bookings/booking';
import { PreconditionFailedError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { fromMinorUnits } from '../../domain/money';
import { type Payment, paymentCanceled, paymentSucceeded, type RefundReason, withRefund } from '../../domain/payments/payment';
import { PaymentProviderUnavailableError, ProviderRefusal } from '../../domain/payments/providerErrors';
import type { RefundState } from '../../domain/payments/providerEvent';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';
import type { Store } from '../../ports/store';
import { recordBookingConversion } from '../bookings/bookingConversion';
import type { Clock } from '../profileMutation';
import { bookingEvent, paymentEvent } from '../webhooks/webhookEvents';
import type { PaymentProviders } from './paymentProviders';

const MAX_RACE_RETRIES = 5;

export interface BookingSettlementDeps {
  store: Store;
  providers: PaymentProviders;
  clock: Clock;
  logger: Pick<Logger, 'warn' | 'info'>;
  recorder?: Pick<EventRecorder, 'record'>;
  /** PAYMENT_HOLD_MINUTES: how long to hold again a booking whose delayed payment is still on its way. */
  holdMinutes: number;
}

export function createBookingSettlement({ store, providers, clock, logger, recorder, holdMinutes }: BookingSettlementDeps) {
  /** Re-reads and re-applies `change` until it is stored or there is nothing to change; a concurrent writer makes it look again. */
  async function changeBooking(environment: Booking['environment'], id: string, change: (booking: Booking) => { next: Booking; events?: Parameters<Store['bookings']['replace']>[2] } | null): Promise<Booking | null> {
    for (let attempt = 0; ; attempt++) {
      const booking = await store.bookings.get(environment, id);
      if (!booking) return null;
      const changed = change(booking);
      if (!changed) return booking;
      try {
        return await store.bookings.replace(changed.next, booking.version, changed.events);
      } catch (error) {
        if (error instanceof PreconditionFailedError && attempt < MAX_RACE_RETRIES) continue;
        throw error;
      }
    }
  }

  async function changePayment(id: string, change: (payment: Payment) => { next: Payment; events?: Parameters<Store['payments']['payments']['replace']>[2] } | null): Promise<Payment | null> {
    for (let attempt = 0; ; attempt++) {
      const payment = await store.payments.payments.get(id);
      if (!payment) return null;
      const changed = change(payment);
      if (!changed) return payment;
      try {
        return await store.payments.payments.replace(changed.next, payment.version, changed.events);
      } catch (error) {
        if (error instanceof PreconditionFailedError && attempt < MAX_RACE_RETRIES) continue;
        throw error;
      }
    }
  }

  const bookingOf = async (payment: Payment) => (payment.bookingId ? store.bookings.get(payment.environment, payment.bookingId) : null);

  /** The booking once paid: confirmed when it was waiting, else kept as it is with its money due back. */
  function paidBooking(booking: Booking, payment: Payment, at: Date): Booking | null {
    if (!booking.payment || booking.payment.paymentId !== payment.id || booking.payment.paidAt) return null;
    const stamp = at.toISOString();
    const paid = { ...booking.payment, paidAt: stamp };
    if (booking.status === 'pending_payment') {
      const { checkoutUrl: _used, ...kept } = paid;
      return { ...booking, status: 'confirmed', payment: kept, history: [...booking.history, { status: 'confirmed', at: stamp, by: 'system', reason: 'paid' }], version: booking.version + 1, updatedAt: stamp };
    }
    return { ...booking, payment: { ...paid, refund: { amount: payment.amount, reason: 'booking_released', state: 'due' } }, version: booking.version + 1, updatedAt: stamp };
  }

  /** The business of a booking (deleted ones too): whose subscriptions hear of its changes. */
  const businessOf = (booking: Booking) => store.profiles.get(booking.environment, booking.businessId, { includeDeleted: true });

  /** The money of `payment` came in (the provider said so, or its checkout reads complete and paid). */
  async function paid(payment: Payment, facts: { paymentIntentId?: string }): Promise<void> {
    const at = clock();
    const booking = await bookingOf(payment);
    const settled = await changePayment(payment.id, (current) => {
      const next = paymentSucceeded(current, { ...facts, at: at.toISOString() });
      if (!next) return null;
      const processed = current.status !== 'succeeded';
      return { next, ...(processed && { events: [paymentEvent('payment.processed', next, booking ? (paidBooking(booking, next, at) ?? booking) : null, at)] }) };
    });
    if (!settled || !booking) return;
    const business = await businessOf(booking);
    const after = await changeBooking(booking.environment, booking.id, (current) => {
      const next = paidBooking(current, settled, at);
      if (!next) return null;
      // Confirming changes its status (booking.updated); a released booking only notes the refund it is due.
      return { next, ...(next.status !== current.status && business && { events: [bookingEvent('booking.updated', business, next, at)] }) };
    });
    if (after?.status === 'confirmed' && after.payment?.paymentId === settled.id) {
      // Its own id: a second handling of the same payment records nothing new.
      recordBookingConversion(recorder, after, at, { eventId: `conversion_${settled.id}`, value: fromMinorUnits(settled.amount, settled.currency), currency: settled.currency });
    }
    if (after?.payment?.refund?.state === 'due') {
      await sendRefund(after).catch((error: unknown) => logger.warn({ err: error, bookingId: after.id }, 'refund not sent yet; the payment worker retries'));
    }
  }

  /** Closes an unpaid booking's checkout and payment: `reason` is what payment.failed says. */
  async function cancelPayment(payment: Payment, reason: string): Promise<void> {
    const at = clock();
    const booking = await bookingOf(payment);
    await changePayment(payment.id, (current) => {
      const next = paymentCanceled(current, { reason, at: at.toISOString() });
      return next ? { next, events: [paymentEvent('payment.failed', next, booking, at)] } : null;
    });
  }

  /** Closes the checkout at the provider; what it reads afterwards (complete when it was paid first). */
  async function closeCheckout(payment: Payment) {
    if (!payment.checkoutSessionId) return { state: 'expired' as const };
    return providers.for(payment.environment).expireCheckout(payment.checkoutSessionId, payment.providerAccountId);
  }

  /** A booking's hold ran out unpaid: its checkout is closed first, so nobody pays for a place already released. */
  async function releaseExpiredHold(booking: Booking): Promise<void> {
    if (booking.status !== 'pending_payment' || !booking.payment) return;
    const payment = await store.payments.payments.get(booking.payment.paymentId);
    if (payment) {
      const checkout = await closeCheckout(payment);
      if (checkout.state === 'complete') {
        if (checkout.paid) return paid(payment, { ...(checkout.paymentIntentId && { paymentIntentId: checkout.paymentIntentId }) });
        // A delayed method (a bank debit) is on its way: hold the place until its outcome arrives.
        return void (await changeBooking(booking.environment, booking.id, (current) =>
          current.status === 'pending_payment' && current.payment
            ? { next: { ...current, payment: { ...current.payment, holdExpiresAt: new Date(clock().getTime() + holdMinutes * 60_000).toISOString() }, version: current.version + 1 } }
            : null,
        ));
      }
    }
    await expire(booking.environment, booking.id, 'the hold ran out unpaid');
    if (payment) await cancelPayment(payment, 'The checkout closed unpaid: the booking\'s hold ran out');
  }

  /** The booking awaiting payment is released (expired, booking.updated); its place is free again. */
  async function expire(environment: Booking['environment'], id: string, reason: string): Promise<void> {
    const at = clock();
    const stamp = at.toISOString();
    const business = await store.bookings.get(environment, id).then((booking) => (booking ? businessOf(booking) : null));
    await changeBooking(environment, id, (current) => {
      if (current.status !== 'pending_payment') return null;
      const next: Booking = { ...current, status: 'expired', history: [...current.history, { status: 'expired', at: stamp, by: 'system', reason }], version: current.version + 1, updatedAt: stamp };
      return { next, ...(business && { events: [bookingEvent('booking.updated', business, next, at)] }) };
    });
  }

  /** No checkout could be opened for the booking: its place is released at once. */
  async function releaseWithoutCheckout(booking: Booking): Promise<void> {
    await expire(booking.environment, booking.id, 'the payment provider could not open a checkout');
  }

  /** A booking awaiting payment was cancelled: its checkout is closed and its payment canceled (a payment that beat it is refunded). */
  async function closeUnpaid(booking: Booking): Promise<void> {
    const payment = booking.payment ? await store.payments.payments.get(booking.payment.paymentId) : null;
    if (!payment) return;
    const checkout = await closeCheckout(payment);
    if (checkout.state === 'complete' && checkout.paid) return paid(payment, { ...(checkout.paymentIntentId && { paymentIntentId: checkout.paymentIntentId }) });
    await cancelPayment(payment, 'The booking was cancelled before it was paid');
  }

  /** The checkout of `payment` closed without money (the provider expired it): its booking is released. */
  async function checkoutExpired(payment: Payment): Promise<void> {
    if (payment.bookingId) await expire(payment.environment, payment.bookingId, 'the checkout expired unpaid');
    await cancelPayment(payment, 'The checkout expired unpaid');
  }

  /** The payment intent a refund needs; read from the checkout when the completion notice did not carry it. */
  async function paymentIntentOf(payment: Payment): Promise<string | undefined> {
    if (payment.paymentIntentId || !payment.checkoutSessionId) return payment.paymentIntentId;
    const checkout = await providers.for(payment.environment).getCheckout(payment.checkoutSessionId, payment.providerAccountId);
    return checkout.state === 'complete' ? checkout.paymentIntentId : undefined;
  }

  /** Records a refund the provider reported; payment.refunded once it went through. */
  async function recordRefund(payment: Payment, refund: { providerRefundId: string; amount: number; state: RefundState; reason: RefundReason }): Promise<void> {
    const at = clock();
    const booking = await bookingOf(payment);
    await changePayment(payment.id, (current) => {
      const next = withRefund(current, { ...refund, id: newId('rfd') }, at.toISOString());
      if (!next) return null;
      const before = current.refunds.find((known) => known.providerRefundId === refund.providerRefundId)?.state;
      const wentThrough = refund.state === 'succeeded' && before !== 'succeeded';
      return { next, ...(wentThrough && { events: [paymentEvent('payment.refunded', next, booking, at)] }) };
    });
  }

  /** Sends a booking's due refund to the provider (idempotency key of the booking) and records it. */
  async function sendRefund(booking: Booking): Promise<void> {
    const due = booking.payment?.refund;
    if (!booking.payment || due?.state !== 'due') return;
    const payment = await store.payments.payments.get(booking.payment.paymentId);
    if (!payment) return;
    const paymentIntentId = await paymentIntentOf(payment);
    if (!paymentIntentId) throw new PaymentProviderUnavailableError('The payment\'s charge is not known yet; its refund waits for it');
    let sent = true;
    try {
      const refund = await providers.for(payment.environment).refund({
        ...(payment.providerAccountId && { connectedAccountId: payment.providerAccountId }),
        paymentIntentId,
        amount: due.amount,
        reference: payment.id,
        metadata: { bookingId: booking.id, reason: due.reason },
        idempotencyKey: `refund_${booking.id}`,
      });
      await recordRefund(payment, { providerRefundId: refund.providerRefundId, amount: refund.amount.amount, state: refund.state, reason: due.reason });
    } catch (error) {
      if (!(error instanceof ProviderRefusal)) throw error;
      // Refused on its merits (refunded at the provider already, say): retrying would not change that.
      logger.warn({ bookingId: booking.id, paymentId: payment.id, refusal: error.message }, 'the provider refused the refund; it is left to the business');
      sent = false;
    }
    await changeBooking(booking.environment, booking.id, (current) =>
      current.payment?.refund?.state === 'due' ? { next: { ...current, payment: { ...current.payment, refund: { ...current.payment.refund, state: 'requested' } }, version: current.version + 1 } } : null,
    );
    if (!sent) logger.info({ bookingId: booking.id }, 'refund marked requested without a provider refund');
  }

  return { paid, cancelPayment, releaseExpiredHold, releaseWithoutCheckout, closeUnpaid, checkoutExpired, recordRefund, sendRefund };
}

export type BookingSettlement = ReturnType<typeof createBookingSettlement>;

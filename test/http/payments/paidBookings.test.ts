// Paid bookings end to end against stripe-mock: a deposit booking holds its place in
// pending_payment with a checkout on the business's own Stripe account (application fee,
// idempotency key), Stripe's signed completion confirms it, and payment.processed reaches the
// owner's receiver, verified with the standardwebhooks library. Also: the same events again and out
// of order, a client that retries, a failed attempt, a hold that runs out, and two customers racing
// for the last place.
import request from 'supertest';
import type { AnalyticsEvent } from '../../../src/domain/analytics/analyticsEvent';
import { signUp } from '../actors';
import {
  book,
  checkoutOf,
  deliveredEvents,
  freeStart,
  openPaymentWorld,
  paidService,
  payCheckout,
  postStripeEvent,
  sessionObject,
  settle,
  type PaymentWorld,
} from './paymentWorld';
import { stripeMockObject } from '../../support/stripeEvents';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;
let deposit: string;

beforeAll(async () => {
  world = teardown.adopt(await openPaymentWorld({ applicationFeePercent: 2.5 }), (opened) => opened.close());
  deposit = await paidService(world, { required: 'deposit', depositAmount: 10, refundCutoffHours: 24 });
}, 60_000);
afterAll(() => teardown.disposeAsync());
beforeEach(() => {
  world.stripe.clearRequests();
  world.receiver.received.length = 0;
  world.shiftClock(0);
});

const appeared = (type: string) => deliveredEvents(world).filter((event) => event.type === type);

it('holds the place awaiting payment and opens a checkout on the business\'s account with the fee and an idempotency key', async () => {
  const start = await freeStart(world, deposit);
  const booked = await book(world, deposit, start).expect(201);
  const booking = booked.body.data;
  expect(booking.status).toBe('pending_payment');
  expect(booking.payment).toEqual(
    expect.objectContaining({ required: 'deposit', amount: 10, currency: 'EUR', status: 'awaiting_payment', paidAt: null, refund: null, checkoutUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) }),
  );
  expect(Date.parse(booking.payment.refundableUntil)).toBe(Date.parse(start) - 24 * 3_600_000);
  const checkout = world.stripe.requests().filter((sent) => sent.path === '/v1/checkout/sessions');
  expect(checkout).toHaveLength(1);
  expect(checkout[0]).toEqual(expect.objectContaining({ stripeAccount: world.connectedAccountId, idempotencyKey: `checkout_${booking.id}`, status: 200 }));
  expect(checkout[0].form).toEqual(
    expect.objectContaining({
      'line_items[0][price_data][unit_amount]': '1000',
      'line_items[0][price_data][currency]': 'eur',
      'payment_intent_data[application_fee_amount]': '25',
      'metadata[bookingId]': booking.id,
      customer_email: 'ana@example.com',
    }),
  );
  // The place is taken while the payment is awaited.
  const day = start.slice(0, 10);
  const availability = await request(world.app.callback).get(`/v1/business/profile/${world.businessId}/services/${deposit}/availability`).query({ from: day, to: day }).set(world.customer.auth);
  expect(availability.body.data.slots.map((slot: { start: string }) => slot.start)).not.toContain(start);
});

it('confirms the booking when Stripe says it was paid, and sends payment.processed and booking.updated to the owner', async () => {
  const booking = (await book(world, deposit, await freeStart(world, deposit, 4)).expect(201)).body.data;
  world.receiver.received.length = 0;
  await payCheckout(world, booking.id);
  await settle(world);
  const read = await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth);
  expect(read.body.data.status).toBe('confirmed');
  expect(read.body.data.payment).toEqual(expect.objectContaining({ status: 'paid', checkoutUrl: null, paidAt: expect.any(String) }));
  expect(read.body.data.history.at(-1)).toEqual(expect.objectContaining({ status: 'confirmed', by: 'system' }));
  const [processed] = appeared('payment.processed');
  expect(processed.data).toEqual(
    expect.objectContaining({ purpose: 'booking', status: 'succeeded', amount: 10, currency: 'EUR', applicationFee: 0.25, bookingId: booking.id, businessId: world.businessId, providerReference: `pi_for_${booking.id}`, livemode: false }),
  );
  expect(processed.data.booking).toEqual(expect.objectContaining({ id: booking.id, status: 'confirmed' }));
  expect(appeared('booking.updated').map((event) => event.data.status)).toEqual(['confirmed']);
  // The payment is the booking's conversion, valued at what was paid.
  await world.app.eventRecorder.flush();
  const conversions = world.app.recorded.stored.filter((event: AnalyticsEvent) => event.type === 'conversion' && event.businessId === world.businessId);
  expect(conversions).toEqual([expect.objectContaining({ value: 10, currency: 'EUR', eventId: `conversion_${booking.payment.paymentId}` })]);
});

it('acts once on events sent again, a second notice of the same payment, and a late failure after the success', async () => {
  const booking = (await book(world, deposit, await freeStart(world, deposit, 5)).expect(201)).body.data;
  const { paymentId, sessionId } = await checkoutOf(world, booking.id);
  world.receiver.received.length = 0;
  expect(await payCheckout(world, booking.id, { id: 'evt_paid_once' })).toEqual({ received: true, duplicate: false });
  expect(await payCheckout(world, booking.id, { id: 'evt_paid_once' })).toEqual({ received: true, duplicate: true });
  const intent = await stripeMockObject(world.stripe.url, '/v1/payment_intents/pi_x');
  await postStripeEvent(world.app, 'payment_intent.succeeded', { ...intent, id: `pi_for_${booking.id}`, amount: 1000, amount_received: 1000, currency: 'eur', metadata: { reference: paymentId } }, { account: world.connectedAccountId }).expect(200);
  await settle(world);
  // Out of order: a refusal and the checkout's expiry arrive after the money.
  await postStripeEvent(world.app, 'payment_intent.payment_failed', { ...intent, id: `pi_for_${booking.id}`, metadata: { reference: paymentId }, last_payment_error: { type: 'card_error', message: 'Your card was declined.' } }, { account: world.connectedAccountId }).expect(200);
  await postStripeEvent(world.app, 'checkout.session.expired', await sessionObject(world, { id: sessionId, status: 'expired', metadata: { reference: paymentId } }), { account: world.connectedAccountId }).expect(200);
  await settle(world);
  expect(appeared('payment.processed')).toHaveLength(1);
  expect(appeared('payment.failed')).toHaveLength(0);
  const payment = await request(world.app.callback).get(`/v1/payments/${paymentId}`).set(world.owner.auth);
  expect(payment.body.data).toEqual(expect.objectContaining({ status: 'succeeded', failureReason: null }));
  expect((await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.owner.auth)).body.data.status).toBe('confirmed');
});

it('answers a retried request with the same Idempotency-Key with the first booking: one checkout at Stripe', async () => {
  const start = await freeStart(world, deposit, 6);
  const headers = { 'Idempotency-Key': 'retry-the-deposit-booking' };
  const first = await book(world, deposit, start, world.customer.auth, headers).expect(201);
  const again = await book(world, deposit, start, world.customer.auth, headers).expect(201);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.body.data).toEqual(first.body.data);
  expect(world.stripe.requests().filter((sent) => sent.path === '/v1/checkout/sessions')).toHaveLength(1);
});

it('records a refused attempt (payment.failed) and keeps the place until the payment succeeds', async () => {
  const booking = (await book(world, deposit, await freeStart(world, deposit, 7)).expect(201)).body.data;
  const { paymentId } = await checkoutOf(world, booking.id);
  const intent = await stripeMockObject(world.stripe.url, '/v1/payment_intents/pi_x');
  await postStripeEvent(world.app, 'payment_intent.payment_failed', { ...intent, id: 'pi_declined', metadata: { reference: paymentId }, last_payment_error: { type: 'card_error', message: 'Your card was declined.' } }, { account: world.connectedAccountId }).expect(200);
  await settle(world);
  expect(appeared('payment.failed').map((event) => [event.data.status, event.data.failureReason])).toEqual([['failed', 'Your card was declined.']]);
  expect((await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth)).body.data.status).toBe('pending_payment');
  await payCheckout(world, booking.id, { paymentIntentId: 'pi_declined' });
  await settle(world);
  expect((await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth)).body.data.status).toBe('confirmed');
});

it('releases a place whose hold ran out unpaid: the checkout is closed at Stripe, the booking expires, the payment is canceled', async () => {
  const start = await freeStart(world, deposit, 8);
  const booking = (await book(world, deposit, start).expect(201)).body.data;
  const { sessionId } = await checkoutOf(world, booking.id);
  world.shiftClock(14 * 60_000);
  await settle(world);
  expect((await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth)).body.data.status).toBe('pending_payment');
  world.shiftClock(16 * 60_000);
  await settle(world);
  const read = await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth);
  expect(read.body.data).toEqual(expect.objectContaining({ status: 'expired', payment: expect.objectContaining({ status: 'unpaid', checkoutUrl: null }) }));
  expect(world.stripe.requests().filter((sent) => sent.path === `/v1/checkout/sessions/${sessionId}/expire`)).toEqual([expect.objectContaining({ stripeAccount: world.connectedAccountId })]);
  // (Earlier tests' unpaid holds ran out with it.)
  expect(appeared('booking.updated').filter((event) => event.data.id === booking.id).map((event) => event.data.status)).toEqual(['expired']);
  expect(appeared('payment.failed').filter((event) => event.data.bookingId === booking.id).map((event) => [event.data.status, event.data.booking.status])).toEqual([['canceled', 'expired']]);
  // The place is free again.
  expect((await book(world, deposit, start).expect(201)).body.data.status).toBe('pending_payment');
});

it('gives the last place to one of two customers racing for it: the other never reaches a checkout', async () => {
  const other = await signUp(world.app, 'racer', 'enterprise');
  const start = await freeStart(world, deposit, 9);
  const results = await Promise.all([book(world, deposit, start), book(world, deposit, start, other.auth)]);
  expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  expect(results.find((result) => result.status === 409)!.body.error.code).toBe('SLOT_UNAVAILABLE');
  expect(world.stripe.requests().filter((sent) => sent.path === '/v1/checkout/sessions')).toHaveLength(1);
});

it('never keeps two payments for one place: a hold that ran out is taken by another customer, and the first customer\'s late payment goes back', async () => {
  const other = await signUp(world.app, 'second-customer', 'enterprise');
  const start = await freeStart(world, deposit, 10);
  const first = (await book(world, deposit, start).expect(201)).body.data;
  world.shiftClock(16 * 60_000);
  await settle(world);
  // The place is free again: the second customer holds it and pays.
  const second = (await book(world, deposit, start, other.auth).expect(201)).body.data;
  await payCheckout(world, second.id);
  await settle(world);
  // The first customer's payment arrives late (they had the checkout page open).
  world.stripe.clearRequests();
  await payCheckout(world, first.id);
  await settle(world);
  const read = async (id: string, auth: Record<string, string>) => (await request(world.app.callback).get(`/v1/bookings/${id}`).set(auth).expect(200)).body.data;
  expect((await read(second.id, other.auth)).status).toBe('confirmed');
  expect(await read(first.id, world.customer.auth)).toEqual(expect.objectContaining({ status: 'expired', payment: expect.objectContaining({ refund: { amount: 10, reason: 'booking_released' } }) }));
  expect(world.stripe.requests().filter((sent) => sent.method === 'POST' && sent.path === '/v1/refunds').map((sent) => [sent.idempotencyKey, sent.form.payment_intent])).toEqual([[`refund_${first.id}`, `pi_for_${first.id}`]]);
  // One confirmed booking holds the place.
  const day = start.slice(0, 10);
  const availability = await request(world.app.callback).get(`/v1/business/profile/${world.businessId}/services/${deposit}/availability`).query({ from: day, to: day }).set(world.customer.auth);
  expect(availability.body.data.slots.map((slot: { start: string }) => slot.start)).not.toContain(start);
});

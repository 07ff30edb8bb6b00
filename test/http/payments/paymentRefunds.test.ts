// Cancelling a paid booking refunds by the service's policy, against stripe-mock: the
// customer before the cut-off gets everything back, after it nothing; the business always refunds
// in full. A booking cancelled while awaiting payment closes its checkout instead. Money that comes
// in for a booking already released goes back. A refund Stripe cannot take now is sent later by
// the payment worker, under the same idempotency key.
import request from 'supertest';
import {
  book,
  checkoutOf,
  deliveredEvents,
  freeStart,
  openPaymentWorld,
  paidService,
  payCheckout,
  postStripeEvent,
  settle,
  type PaymentWorld,
} from './paymentWorld';
import { stripeMockObject } from '../../support/stripeEvents';
import { apiKey } from '../actors';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;
let deposit: string;
let dayAhead = 3;
// API keys, which do not expire when the clock moves days ahead (access tokens would).
let customerKey: Record<string, string>;
let ownerKey: Record<string, string>;

beforeAll(async () => {
  world = teardown.adopt(await openPaymentWorld(), (opened) => opened.close());
  deposit = await paidService(world, { required: 'deposit', depositAmount: 10, refundCutoffHours: 24 });
  customerKey = (await apiKey(world.app, world.customer, 'live')).auth;
  ownerKey = (await apiKey(world.app, world.owner, 'live')).auth;
}, 60_000);
afterAll(() => teardown.disposeAsync());
beforeEach(() => {
  world.stripe.clearRequests();
  world.receiver.received.length = 0;
  world.shiftClock(0);
});

/** A deposit booking (about `days` ahead) paid through Stripe and confirmed. */
async function paidBooking(): Promise<{ id: string; start: string; paymentId: string }> {
  const booking = (await book(world, deposit, await freeStart(world, deposit, dayAhead++)).expect(201)).body.data;
  await payCheckout(world, booking.id);
  await settle(world);
  world.stripe.clearRequests();
  world.receiver.received.length = 0;
  return { id: booking.id, start: booking.start, paymentId: booking.payment.paymentId };
}

const cancel = (id: string, auth: Record<string, string>) => request(world.app.callback).patch(`/v1/bookings/${id}`).set(auth).send({ status: 'cancelled' });
const refundsSent = () => world.stripe.requests().filter((sent) => sent.method === 'POST' && sent.path === '/v1/refunds');
const eventsOf = (type: string, bookingId: string) => deliveredEvents(world).filter((event) => event.type === type && (event.data.bookingId ?? event.data.id) === bookingId);

it('refunds the whole deposit of a customer who cancels before the cut-off, on the business\'s account, once', async () => {
  const booking = await paidBooking();
  const cancelled = await cancel(booking.id, world.customer.auth).expect(200);
  expect(cancelled.body.data).toEqual(expect.objectContaining({ status: 'cancelled', payment: expect.objectContaining({ status: 'refunded', refund: { amount: 10, reason: 'customer_cancelled' } }) }));
  expect(refundsSent()).toEqual([expect.objectContaining({ stripeAccount: world.connectedAccountId, idempotencyKey: `refund_${booking.id}`, status: 200 })]);
  expect(refundsSent()[0].form).toEqual(expect.objectContaining({ payment_intent: `pi_for_${booking.id}`, amount: '1000', 'metadata[reason]': 'customer_cancelled' }));
  await settle(world);
  const refunded = eventsOf('payment.refunded', booking.id);
  expect(refunded).toHaveLength(1);
  expect(refunded[0].data).toEqual(expect.objectContaining({ status: 'succeeded', amountRefunded: 10 }));
  expect(refunded[0].data.refunds).toEqual([expect.objectContaining({ amount: 10, reason: 'customer_cancelled', status: 'succeeded', providerReference: expect.stringMatching(/^re_/) })]);
  // Stripe's own notice of that refund changes nothing more.
  const providerRefund = refunded[0].data.refunds[0].providerReference as string;
  const refund = await stripeMockObject(world.stripe.url, `/v1/refunds/${providerRefund}`);
  await postStripeEvent(world.app, 'refund.updated', { ...refund, id: providerRefund, payment_intent: `pi_for_${booking.id}`, amount: 1000, currency: 'eur', status: 'succeeded', metadata: { reference: booking.paymentId, reason: 'customer_cancelled' } }, { account: world.connectedAccountId }).expect(200);
  await settle(world);
  expect(eventsOf('payment.refunded', booking.id)).toHaveLength(1);
  expect(refundsSent()).toHaveLength(1);
});

it('refunds nothing to a customer who cancels after the cut-off, and frees the place all the same', async () => {
  const booking = await paidBooking();
  world.shiftClock(Date.parse(booking.start) - Date.now() - 12 * 3_600_000);
  const cancelled = await cancel(booking.id, customerKey).expect(200);
  expect(cancelled.body.data).toEqual(expect.objectContaining({ status: 'cancelled', payment: expect.objectContaining({ status: 'paid', refund: null }) }));
  await settle(world);
  expect(refundsSent()).toEqual([]);
  expect(eventsOf('payment.refunded', booking.id)).toEqual([]);
  const payment = await request(world.app.callback).get(`/v1/payments/${booking.paymentId}`).set(ownerKey).expect(200);
  expect(payment.body.data).toEqual(expect.objectContaining({ status: 'succeeded', amountRefunded: 0, refunds: [] }));
});

it('refunds in full when the business cancels, whatever the time', async () => {
  const booking = await paidBooking();
  world.shiftClock(Date.parse(booking.start) - Date.now() - 3_600_000);
  const cancelled = await cancel(booking.id, ownerKey).expect(200);
  expect(cancelled.body.data.payment.refund).toEqual({ amount: 10, reason: 'business_cancelled' });
  await settle(world);
  expect(eventsOf('payment.refunded', booking.id).map((event) => event.data.refunds[0].reason)).toEqual(['business_cancelled']);
});

it('closes the checkout of a booking cancelled while it awaits payment, and refunds nothing', async () => {
  const booking = (await book(world, deposit, await freeStart(world, deposit, dayAhead++)).expect(201)).body.data;
  const { sessionId } = await checkoutOf(world, booking.id);
  await cancel(booking.id, world.customer.auth).expect(200);
  await settle(world);
  expect(world.stripe.requests().map((sent) => sent.path)).toEqual(expect.arrayContaining([`/v1/checkout/sessions/${sessionId}/expire`]));
  expect(refundsSent()).toEqual([]);
  expect(eventsOf('payment.failed', booking.id).map((event) => [event.data.status, event.data.failureReason])).toEqual([['canceled', 'The booking was cancelled before it was paid']]);
});

it('sends back money that came in after the hold ran out: the place stays released', async () => {
  const booking = (await book(world, deposit, await freeStart(world, deposit, dayAhead++)).expect(201)).body.data;
  world.shiftClock(20 * 60_000);
  await settle(world);
  world.stripe.clearRequests();
  await payCheckout(world, booking.id);
  await settle(world);
  const read = await request(world.app.callback).get(`/v1/bookings/${booking.id}`).set(world.customer.auth).expect(200);
  expect(read.body.data).toEqual(expect.objectContaining({ status: 'expired', payment: expect.objectContaining({ refund: { amount: 10, reason: 'booking_released' } }) }));
  expect(refundsSent()).toEqual([expect.objectContaining({ idempotencyKey: `refund_${booking.id}` })]);
  expect(eventsOf('payment.processed', booking.id)).toHaveLength(1);
  expect(eventsOf('payment.refunded', booking.id).map((event) => event.data.refunds[0].reason)).toEqual(['booking_released']);
});

it('records a refund made at Stripe\'s own dashboard, and tells the owner', async () => {
  const booking = await paidBooking();
  const refund = await stripeMockObject(world.stripe.url, '/v1/refunds/re_dashboard');
  await postStripeEvent(world.app, 'refund.created', { ...refund, id: 're_by_dashboard', payment_intent: `pi_for_${booking.id}`, amount: 400, currency: 'eur', status: 'succeeded', metadata: {} }, { account: world.connectedAccountId }).expect(200);
  await settle(world);
  const refunded = eventsOf('payment.refunded', booking.id);
  expect(refunded.map((event) => [event.data.amountRefunded, event.data.refunds.map((one: { reason: string }) => one.reason)])).toEqual([[4, ['made_at_provider']]]);
});

it('sends a refund Stripe could not take at cancellation later, with the same idempotency key', async () => {
  const booking = await paidBooking();
  world.stripe.interfere('/v1/refunds', { status: 500 });
  try {
    const cancelled = await cancel(booking.id, world.customer.auth).expect(200);
    expect(cancelled.body.data.payment.refund).toEqual({ amount: 10, reason: 'customer_cancelled' });
    await settle(world);
    expect(eventsOf('payment.refunded', booking.id)).toEqual([]);
  } finally {
    world.stripe.interfere('/v1/refunds', undefined);
  }
  await settle(world);
  const keys = refundsSent().map((sent) => [sent.idempotencyKey, sent.status]);
  // The SDK retried the 500 itself, then the worker once Stripe answered again: always the same key.
  expect(new Set(keys.map(([key]) => key))).toEqual(new Set([`refund_${booking.id}`]));
  expect(keys.at(-1)).toEqual([`refund_${booking.id}`, 200]);
  expect(eventsOf('payment.refunded', booking.id)).toHaveLength(1);
});

// Paid plans against stripe-mock: an account upgrades through a subscription checkout, Stripe's
// signed notifications set its plan, and two API instances counting in one Redis (as a fleet does)
// both limit it at the new tier as soon as the notification is handled; each paid invoice is a
// payment of the account (payment.processed, verified and checked against the OpenAPI document).
// A plan cancelled at its period's end keeps its tier until then and falls back to free at the end,
// even before Stripe's notice of the end; late and older notices change nothing after that.
import request from 'supertest';
import type Redis from 'ioredis';
import { createRedisClient } from '../../../src/adapters/redis/redisClient';
import { createRateLimitCheck } from '../../../src/core/rateLimitCheck';
import { createRedisRateLimiter } from '../../../src/adapters/redis/redisLimiters';
import { createLogger } from '../../../src/logger';
import { startRedis, type RedisHarness } from '../../harness/redis';
import { stripeMockObject } from '../../support/stripeEvents';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver';
import { signUp, type Actor } from '../actors';
import { buildAnotherInstance, type TestApp } from '../testApp';
import { DAY_MS, deliveredEvents, openPaymentWorld, postStripeEvent, sessionObject, settle, type PaymentWorld } from './paymentWorld';

const PRICES = { professional: 'price_professional_monthly', enterprise: 'price_enterprise_monthly' };

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;
let redis: RedisHarness;
const clients: Redis[] = [];
let instances: TestApp[];
let subscriber: Actor;
let receiver: WebhookReceiver;
let receiverSecret: string;

beforeAll(async () => {
  [world, redis] = await Promise.all([openPaymentWorld({ planPrices: PRICES }), startRedis()]);
  teardown.adopt(redis, (engine) => engine.stop());
  teardown.adopt(world, (opened) => opened.close());
  teardown.defer(() => {
    for (const client of clients) client.disconnect();
  });
  const logger = createLogger('silent');
  // Two instances over the world's store and payment worker, each with its own Redis connection.
  instances = ['instance-a', 'instance-b'].map((connectionName) => {
    const client = createRedisClient(redis.url, { logger, connectionName });
    clients.push(client);
    return buildAnotherInstance(world.app, { rateLimits: createRateLimitCheck(createRedisRateLimiter({ redis: client, logger })) });
  });
  subscriber = await signUp(world.app, 'subscriber');
  receiver = teardown.adopt(await startWebhookReceiver(), (opened) => opened.close());
  receiverSecret = (await request(world.app.callback).post('/v1/webhooks/endpoints').set(subscriber.auth).send({ url: receiver.url, events: ['payment.processed', 'payment.failed'] }).expect(201)).body.data.secret;
}, 60_000);
afterAll(() => teardown.disposeAsync());

/** The general-area limit each instance applies to the subscriber now. */
async function limits(): Promise<string[]> {
  const answers = await Promise.all(instances.map((instance) => request(instance.callback).get('/v1/auth/api-keys').set(subscriber.auth).expect(200)));
  return answers.map((answer) => answer.headers['x-ratelimit-limit']);
}

const planOf = async () => (await world.app.store.accounts.findById(subscriber.accountId))!.plan;
const seconds = (ms: number) => Math.floor(ms / 1000);

/** Stripe's subscription object (stripe-mock's own) for the subscriber's professional plan. */
async function subscription(fields: Record<string, unknown>, periodEnd: number): Promise<Record<string, unknown>> {
  const fixture = await stripeMockObject(world.stripe.url, '/v1/subscriptions/sub_fixture');
  const items = fixture.items as { data: Array<Record<string, unknown>> };
  const item = { ...items.data[0], current_period_end: seconds(periodEnd), price: { ...(items.data[0].price as object), id: PRICES.professional } };
  return { ...fixture, id: 'sub_plan_1', customer: 'cus_plan_1', items: { ...items, data: [item] }, metadata: { accountId: subscriber.accountId, plan: 'professional' }, ...fields };
}

async function invoice(id: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const fixture = await stripeMockObject(world.stripe.url, '/v1/invoices/in_fixture');
  return { ...fixture, id, customer: 'cus_plan_1', currency: 'usd', parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: 'sub_plan_1' } }, ...fields };
}

it('starts on the free tier on both instances, and a checkout for the professional plan is a subscription at its price', async () => {
  expect(await limits()).toEqual(['100', '100']);
  const checkout = await request(instances[0].callback).post('/v1/account/plan/checkout').set(subscriber.auth).set('Idempotency-Key', 'upgrade-once').send({ plan: 'professional' }).expect(200);
  expect(checkout.body.data.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
  const sent = world.stripe.requests().filter((one) => one.path === '/v1/checkout/sessions');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toEqual(expect.objectContaining({ idempotencyKey: `plan_${subscriber.accountId}_upgrade-once`
  }));
  expect(sent[0].stripeAccount).toBeFalsy();
  expect(sent[0].form).toEqual(
    expect.objectContaining({ mode: 'subscription', 'line_items[0][price]': PRICES.professional, customer_email: subscriber.email, 'subscription_data[metadata][plan]': 'professional' }),
  );
  // A plan not on sale on this server is refused, naming the setting.
  const refused = await request(instances[1].callback).post('/v1/account/plan/checkout').set(subscriber.auth).send({ plan: 'gold' });
  expect([refused.status, refused.body.error.code, refused.body.error.details?.field]).toEqual([400, 'VALIDATION_ERROR', 'plan']);
});

it('moves the account to the professional tier on both instances once Stripe says the subscription is paid, and records the invoice as its payment', async () => {
  const now = Date.now();
  const session = await sessionObject(world, {
    id: 'cs_plan_1',
    mode: 'subscription',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: null,
    customer: 'cus_plan_1',
    subscription: 'sub_plan_1',
    client_reference_id: subscriber.accountId,
    metadata: { accountId: subscriber.accountId, plan: 'professional' },
  });
  // The invoice's notice first (Stripe promises no order): it waits for the account to be known.
  await postStripeEvent(world.app, 'invoice.paid', await invoice('in_plan_1', { amount_paid: 4900 }), { created: seconds(now) }).expect(200);
  await settle(world);
  expect(await limits()).toEqual(['100', '100']);
  await postStripeEvent(world.app, 'checkout.session.completed', session, { created: seconds(now) }).expect(200);
  await postStripeEvent(world.app, 'customer.subscription.created', await subscription({ status: 'active', cancel_at_period_end: false }, now + 30 * DAY_MS), { created: seconds(now) + 1 }).expect(200);
  await settle(world);
  expect(await planOf()).toBe('professional');
  expect(await limits()).toEqual(['1000', '1000']);

  // The invoice's notice is tried again by the worker (its retry is due 5 s later).
  world.shiftClock(10_000);
  await settle(world);
  const payments = await request(world.app.callback).get('/v1/payments').query({ purpose: 'plan' }).set(subscriber.auth).expect(200);
  expect(payments.body.data.payments).toEqual([expect.objectContaining({ purpose: 'plan', plan: 'professional', amount: 49, currency: 'USD', status: 'succeeded', providerReference: 'in_plan_1', bookingId: null })]);
  const processed = deliveredEvents(world, receiver, receiverSecret).filter((event) => event.type === 'payment.processed');
  expect(processed.map((event) => [event.data.purpose, event.data.plan, event.data.amount, event.data.booking])).toEqual([['plan', 'professional', 49, null]]);

  // Paying already: a second checkout is refused with where to change the plan; the portal opens.
  const again = await request(instances[1].callback).post('/v1/account/plan/checkout').set(subscriber.auth).send({ plan: 'enterprise' });
  expect([again.status, again.body.error.code]).toEqual([409, 'SUBSCRIPTION_ACTIVE']);
  const portal = await request(instances[1].callback).post('/v1/account/billing-portal').set(subscriber.auth).send({}).expect(200);
  expect(portal.body.data.url).toMatch(/^https:\/\//);
  expect(world.stripe.requests().filter((one) => one.path === '/v1/billing_portal/sessions').map((one) => one.form.customer)).toEqual(['cus_plan_1']);
});

it('keeps a plan cancelled at its period\'s end until that end, then falls back to free on both instances before Stripe says so', async () => {
  const now = Date.now();
  const periodEnd = now + 30 * DAY_MS;
  world.shiftClock(0);
  await postStripeEvent(world.app, 'customer.subscription.updated', await subscription({ status: 'active', cancel_at_period_end: true }, periodEnd), { created: seconds(now) + 10 }).expect(200);
  await settle(world);
  expect(await limits()).toEqual(['1000', '1000']);

  world.shiftClock(29 * DAY_MS);
  await settle(world);
  expect(await planOf()).toBe('professional');

  world.shiftClock(30 * DAY_MS + 60_000);
  await settle(world);
  expect(await planOf()).toBe('free');
  expect(await limits()).toEqual(['100', '100']);

  // Stripe's notice of the end, and an older notice that the plan was active, change nothing.
  await postStripeEvent(world.app, 'customer.subscription.deleted', await subscription({ status: 'canceled', cancel_at_period_end: true }, periodEnd), { created: seconds(periodEnd) + 5 }).expect(200);
  await postStripeEvent(world.app, 'customer.subscription.updated', await subscription({ status: 'active', cancel_at_period_end: false }, periodEnd), { created: seconds(now) + 20 }).expect(200);
  await settle(world);
  expect(await planOf()).toBe('free');
  expect(await limits()).toEqual(['100', '100']);
});

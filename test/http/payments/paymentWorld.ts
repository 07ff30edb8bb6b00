// A world for the payment suites: the real app on SQLite with its payment providers on
// stripe-mock (one per test file), a clock that can move forward (hold windows), a business whose
// owner finished onboarding (its connected account made ready by a signed account.updated event),
// a customer, a webhook receiver subscribed to the owner's events, and helpers to sign Stripe
// events, post them to our endpoint and run the payment worker and the webhook dispatcher.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { buildOpenApiDocument } from '../../../src/openapi/openApiDocument';
import { closed } from '../openapiConformance/documentedAnswers';
import { createStripeEventVerifier } from '../../../src/adapters/stripe/stripeEvents';
import { createStripeProvider } from '../../../src/adapters/stripe/stripeProvider';
import type { WebhookDispatcher } from '../../../src/services/webhooks/dispatcher';
import { createPaymentProviders } from '../../../src/services/payments/paymentProviders';
import type { PaymentProvider } from '../../../src/ports/paymentProvider';
import { startStripeMock, type StripeMockHarness } from '../../harness/stripeMock';
import { signStripeEvent, stripeMockObject, TEST_WEBHOOK_SECRET, type StripeEventOptions } from '../../support/stripeEvents';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhookReceiver';
import { completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';
import { ALLOWED_CIDRS, drain, testDispatcher, WEBHOOK_SECRET_KEY } from '../webhookSetup';

export const DAY_MS = 86_400_000;

export interface PaymentWorld {
  app: TestApp;
  stripe: StripeMockHarness;
  receiver: WebhookReceiver;
  dispatcher: WebhookDispatcher;
  /** The receiver's signing secret (whsec_...). */
  receiverSecret: string;
  owner: Actor;
  customer: Actor;
  businessId: string;
  /** The business's connected account at stripe-mock. */
  connectedAccountId: string;
  /** Moves the app's clock (holds, refund cut-offs); 0 is real time. */
  shiftClock(ms: number): void;
  close(): Promise<void>;
}

/** Open every day, so a booking a few days ahead finds slots whatever weekday the test runs on. */
export const EVERY_DAY = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '08:00', close: '20:00' }]));

/** Posts a signed Stripe event to the app's webhook endpoint. */
export function postStripeEvent(app: TestApp, type: string, object: Record<string, unknown>, options: StripeEventOptions = {}) {
  const signed = signStripeEvent(type, object, options);
  return request(app.callback).post('/v1/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', signed.signature).send(signed.payload);
}

export interface WorldOptions {
  /** The live environment's provider; default a test-mode key (as a developer trying it out). */
  liveKey?: string;
  /**
   * The live environment's provider acts in live mode. stripe-mock refuses live keys (401), so it
   * still sends the (test) liveKey and only reports itself live: its records and the notices it
   * accepts are live-mode ones.
   */
  liveMode?: boolean;
  /** The sandbox's; default the same key. */
  sandboxKey?: string;
  applicationFeePercent?: number;
  planPrices?: { professional?: string; enterprise?: string };
}

export async function openPaymentWorld(options: WorldOptions = {}): Promise<PaymentWorld> {
  const stripe = await startStripeMock();
  try {
    return await populate(stripe, options);
  } catch (error) {
    await stripe.stop();
    throw error;
  }
}

async function populate(stripe: StripeMockHarness, options: WorldOptions): Promise<PaymentWorld> {
  let offset = 0;
  const open = (secretKey: string): PaymentProvider => createStripeProvider({ secretKey, apiUrl: stripe.url });
  const liveKeyed = open(options.liveKey ?? 'sk_test_paymentsSuite');
  const live: PaymentProvider = options.liveMode ? { ...liveKeyed, mode: 'live' } : liveKeyed;
  const sandbox = options.sandboxKey ? open(options.sandboxKey) : live;
  const app = await buildTestApp(
    {
      config: { jsonBodyLimit: 1024 * 1024, jwtSecret: 'test-secret-that-is-at-least-32-characters-long', webhooks: { allowedCidrs: ALLOWED_CIDRS, secretKey: WEBHOOK_SECRET_KEY } },
      clock: () => new Date(Date.now() + offset),
    },
    {
      paymentProviders: createPaymentProviders({ live, test: sandbox }, createStripeEventVerifier([TEST_WEBHOOK_SECRET])),
      paymentSettings: { applicationFeePercent: options.applicationFeePercent ?? 0, planPrices: options.planPrices ?? {} },
    },
  );
  const owner = await signUp(app, 'owner', 'enterprise');
  const customer = await signUp(app, 'customer', 'enterprise');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Paid Cuts', hours: EVERY_DAY }));
  const businessId = created.body.data.id as string;
  await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' }).expect(200);
  const onboarding = await request(app.callback).post(`/v1/business/profile/${businessId}/payments/account`).set(owner.auth).send({});
  if (onboarding.status !== 200) throw new Error(`onboarding: ${onboarding.status} ${JSON.stringify(onboarding.body)}`);
  const connectedAccountId = (await app.store.payments.accounts.get('live', businessId))!.state.providerAccountId;
  const ready = { ...(await stripeMockObject(stripe.url, `/v1/accounts/${connectedAccountId}`)), id: connectedAccountId, charges_enabled: true, details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } };
  await postStripeEvent(app, 'account.updated', ready, { account: connectedAccountId, livemode: live.mode === 'live' }).expect(200);
  await app.payments.worker.runOnce();
  if (onboarding.body.data.status !== 'pending') throw new Error(`onboarding: ${JSON.stringify(onboarding.body)}`);

  const receiver = await startWebhookReceiver();
  const endpoint = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url: receiver.url, events: ['*'] }).expect(201);
  const dispatcher = testDispatcher(app);
  return {
    app,
    stripe,
    receiver,
    dispatcher,
    receiverSecret: endpoint.body.data.secret,
    owner,
    customer,
    businessId,
    connectedAccountId,
    shiftClock: (ms) => void (offset = ms),
    async close() {
      await receiver.close();
      await app.close();
      await stripe.stop();
    },
  };
}

/** A bookable service of the world's business (60 minutes, capacity 1 unless said) with its payment rule. */
export async function paidService(world: PaymentWorld, payment: Record<string, unknown>, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await request(world.app.callback)
    .post(`/v1/business/profile/${world.businessId}/services`)
    .set(world.owner.auth)
    .send({ name: 'Haircut', duration: 60, bookable: true, pricing: { type: 'fixed', currency: 'EUR', amount: 45 }, payment, ...overrides });
  if (response.status !== 201) throw new Error(`service: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.id;
}

/** The first free start of `serviceId` at least `daysAhead` days from now. */
export async function freeStart(world: PaymentWorld, serviceId: string, daysAhead = 3, auth = world.customer.auth): Promise<string> {
  const day = new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);
  const availability = await request(world.app.callback).get(`/v1/business/profile/${world.businessId}/services/${serviceId}/availability`).query({ from: day, to: day }).set(auth).expect(200);
  return availability.body.data.slots[0].start;
}

export function book(world: PaymentWorld, serviceId: string, start: string, auth = world.customer.auth, headers: Record<string, string> = {}) {
  return request(world.app.callback).post('/v1/bookings').set(auth).set(headers).send({ businessId: world.businessId, serviceId, start, customer: { name: 'Ana Customer', email: 'ana@example.com' } });
}

/** The checkout session stripe-mock made for a booking, as our payment record keeps it. */
export async function checkoutOf(world: PaymentWorld, bookingId: string, environment: 'live' | 'test' = 'live'): Promise<{ paymentId: string; sessionId: string }> {
  const booking = await world.app.store.bookings.get(environment, bookingId);
  const payment = await world.app.store.payments.payments.get(booking!.payment!.paymentId);
  return { paymentId: payment!.id, sessionId: payment!.checkoutSessionId! };
}

/** A Checkout Session object (stripe-mock's own) in the state a test needs. */
export async function sessionObject(world: PaymentWorld, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  return { ...(await stripeMockObject(world.stripe.url, '/v1/checkout/sessions/cs_fixture')), customer: null, subscription: null, ...fields };
}

/** Posts Stripe's completion of a booking's checkout (paid) on the business's account; answers our endpoint's body (200 checked). */
export async function payCheckout(
  world: PaymentWorld,
  bookingId: string,
  options: StripeEventOptions & { paymentIntentId?: string; environment?: 'live' | 'test'; account?: string } = {},
): Promise<{ received: true; duplicate: boolean }> {
  const { paymentId, sessionId } = await checkoutOf(world, bookingId, options.environment);
  const session = await sessionObject(world, {
    id: sessionId,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: options.paymentIntentId ?? `pi_for_${bookingId}`,
    amount_total: 1000,
    currency: 'eur',
    client_reference_id: paymentId,
    metadata: { reference: paymentId, bookingId },
  });
  const answer = await postStripeEvent(world.app, 'checkout.session.completed', session, { ...options, account: options.account ?? world.connectedAccountId });
  if (answer.status !== 200) throw new Error(`webhook: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/** Runs the payment worker and the webhook dispatcher until every event of ours is delivered. */
export async function settle(world: PaymentWorld): Promise<void> {
  await world.app.payments.worker.runOnce();
  await drain(world.app, world.dispatcher);
}

let documented: Ajv2020 | undefined;
const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
/** Throws unless `payload` is what the OpenAPI document's `webhooks` says its type carries (object schemas closed). */
export function expectDocumented(payload: { type: string }): void {
  if (!documented) {
    documented = new Ajv2020({ strict: false, allErrors: true });
    addFormats(documented);
    documented.addSchema(closed(buildOpenApiDocument()) as object, 'doc');
  }
  const validate = validators.get(payload.type) ?? documented.compile({ $ref: `doc#/webhooks/${payload.type}/post/requestBody/content/application~1json/schema` });
  validators.set(payload.type, validate);
  if (!validate(payload)) throw new Error(`${payload.type} does not match its documented payload: ${JSON.stringify(validate.errors)}`);
}

/** What `receiver` got (the world's own by default), verified with the standardwebhooks library and against the OpenAPI document, in arrival order. */
export function deliveredEvents(world: PaymentWorld, receiver = world.receiver, secret = world.receiverSecret): Array<{ type: string; data: Record<string, any> }> {
  const verifier = new Webhook(secret);
  return receiver.received.map((delivery) => {
    const payload = verifier.verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: Record<string, any> };
    expectDocumented(payload);
    return payload;
  });
}

// Stripe's notification of a paid checkout survives a crash of the process that received it, and
// is acted on once. The real API (`src/server.ts`, embedded SQLite) with Stripe on stripe-mock is
// SIGKILLed by itself at the instant PAYMENT_KILL_AT names: after storing the event and before
// acknowledging it (Stripe then sends it again), or after acting on it and before marking it
// handled (the next process takes it over when its lease runs out and acts on it again). A process
// started again on the same data dir finishes the work: the booking is confirmed once, the owner's
// receiver gets one payment.processed (verified with the standardwebhooks library), and the
// outbox holds one of each event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import type { Store } from '../../src/ports/store';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../harness/engineProcess';
import { freePort } from '../harness/freePort';
import { startStripeMock, type StripeMockHarness } from '../harness/stripeMock';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';
import { signStripeEvent, stripeMockObject, TEST_WEBHOOK_SECRET, type SignedStripeEvent } from '../support/stripeEvents';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';
import { completeProfileBody } from '../http/actors';
import { EVERY_DAY } from '../http/payments/paymentWorld';

const ROOT = resolve(__dirname, '../..');
/** Polls of 200 ms: enough for the 5 s lease of a dead holder and a worker pass, with room for a loaded machine. */
const MAX_POLLS = 300;

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let stripe: StripeMockHarness;
let receiver: WebhookReceiver;
let dataDir: string;
let running: EngineProcess | undefined;
let base: string;
let key: string;
let businessId: string;
let serviceId: string;
let endpointSecret: string;
let endpointId: string;
let dayAhead = 3;

async function startServer(env: Record<string, string> = {}): Promise<void> {
  const port = await freePort();
  running = spawnEngine('api', process.execPath, [...TYPESCRIPT_ENTRY, 'src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      DEV_RATE_LIMIT_PLAN: 'enterprise',
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      STRIPE_SECRET_KEY: 'sk_test_crashSuite',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PAYMENT_EVENT_LEASE_SECONDS: '5',
      ...env,
    },
  });
  base = `http://127.0.0.1:${port}/v1`;
  await waitUntilReady(running, async () => (await fetch(`${base}/health`)).ok, 120_000);
}

async function stopServer(): Promise<void> {
  await running?.stop(15_000);
  running = undefined;
}

async function api(method: string, path: string, body?: unknown, auth = key): Promise<{ status: number; body: any }> {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', ...(auth && { Authorization: `Bearer ${auth}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: await answer.json() };
}

function postEvent(signed: SignedStripeEvent): Promise<Response> {
  return fetch(`${base}/payments/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature }, body: signed.payload });
}

/** Opens the data dir's store beside the server (WAL: readers and the server's writer do not block each other), runs `read`, closes it. */
async function withStore<T>(read: (store: Store) => Promise<T>): Promise<T> {
  const store = createSqliteStore({ file: join(dataDir, 'store.db') });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let poll = 0; poll < MAX_POLLS; poll += 1) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }
  throw new Error(`${what}: not after ${MAX_POLLS} polls`);
}

const delivered = (type: string, bookingId: string) =>
  receiver.received
    .map((delivery) => new Webhook(endpointSecret).verify(delivery.body, delivery.headers as Record<string, string>) as { type: string; data: Record<string, any> })
    .filter((event) => event.type === type && (event.data.bookingId ?? event.data.id) === bookingId);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bdapi-payment-crash-'));
  teardown.defer(() => rmSync(dataDir, { recursive: true, force: true }));
  [stripe, receiver] = await Promise.all([startStripeMock(), startWebhookReceiver()]);
  teardown.adopt(stripe, (engine) => engine.stop());
  teardown.adopt(receiver, (opened) => opened.close());
  teardown.defer(stopServer);
  await startServer();
  const email = `crash.${Date.now()}@example.com`;
  const password = 'a long enough password';
  expect((await api('POST', '/auth/register', { email, password, name: 'Crash Owner' }, '')).status).toBe(201);
  const token = (await api('POST', '/auth/login', { email, password }, '')).body.data.accessToken as string;
  key = (await api('POST', '/auth/api-keys', { name: 'crash', environment: 'live' }, token)).body.data.key;
  businessId = (await api('POST', '/business/profile', completeProfileBody({ name: 'Crash Cuts', hours: EVERY_DAY }))).body.data.id;
  expect((await api('PATCH', `/business/profile/${businessId}`, { status: 'published' })).status).toBe(200);
  expect((await api('POST', `/business/profile/${businessId}/payments/account`, {})).status).toBe(200);
  const accountId = await withStore(async (store) => (await store.payments.accounts.get('live', businessId))!.state.providerAccountId);
  const account = await stripeMockObject(stripe.url, `/v1/accounts/${accountId}`);
  const ready = signStripeEvent('account.updated', { ...account, id: accountId, charges_enabled: true, details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } }, { account: accountId });
  expect((await postEvent(ready)).status).toBe(200);
  await until('the business ready for payments', async () => ((await api('GET', `/business/profile/${businessId}/payments/account`)).body.data.status === 'ready' ? true : undefined));
  serviceId = (await api('POST', `/business/profile/${businessId}/services`, { name: 'Haircut', duration: 60, bookable: true, pricing: { type: 'fixed', currency: 'EUR', amount: 45 }, payment: { required: 'deposit', depositAmount: 10 } })).body.data.id;
  const endpoint = await api('POST', '/webhooks/endpoints', { url: receiver.url, events: ['payment.processed', 'booking.updated'] });
  expect(endpoint.status).toBe(201);
  endpointSecret = endpoint.body.data.secret;
  endpointId = endpoint.body.data.id;
}, 300_000);

afterAll(() => teardown.disposeAsync());

/** A deposit booking awaiting payment, and Stripe's signed notice that its checkout was paid. */
async function bookingAndItsPayment(): Promise<{ bookingId: string; paid: SignedStripeEvent }> {
  const day = new Date(Date.now() + dayAhead++ * 86_400_000).toISOString().slice(0, 10);
  const slots = await api('GET', `/business/profile/${businessId}/services/${serviceId}/availability?from=${day}&to=${day}`);
  const booked = await api('POST', '/bookings', { businessId, serviceId, start: slots.body.data.slots[0].start, customer: { name: 'Ana', email: 'ana@example.com' } });
  expect([booked.status, booked.body.data.status]).toEqual([201, 'pending_payment']);
  const bookingId = booked.body.data.id as string;
  const paymentId = booked.body.data.payment.paymentId as string;
  const sessionId = await withStore(async (store) => (await store.payments.payments.get(paymentId))!.checkoutSessionId!);
  const session = await stripeMockObject(stripe.url, '/v1/checkout/sessions/cs_fixture');
  const paid = signStripeEvent(
    'checkout.session.completed',
    { ...session, id: sessionId, status: 'complete', payment_status: 'paid', payment_intent: `pi_for_${bookingId}`, amount_total: 1000, currency: 'eur', customer: null, subscription: null, client_reference_id: paymentId, metadata: { reference: paymentId, bookingId } },
    { account: (await withStore(async (store) => (await store.payments.accounts.get('live', businessId))!.state.providerAccountId)) },
  );
  return { bookingId, paid };
}

/** Waits until the event is marked handled and the booking's events reached the receiver, then counts what the outbox holds. */
async function handledOnce(eventId: string, bookingId: string): Promise<void> {
  await until('the event handled', () => withStore(async (store) => ((await store.payments.inbox.get(eventId))?.handledAt ? true : undefined)));
  await until('payment.processed delivered', async () => (delivered('payment.processed', bookingId).length > 0 ? true : undefined));
  await until('booking.updated delivered', async () => (delivered('booking.updated', bookingId).length > 0 ? true : undefined));
  await stopServer();
  // Everything the webhooks hold for this booking, fanned out or not: one of each.
  const outbox = await withStore(async (store) => {
    const deliveries = (await store.webhooks.pageDeliveries(endpointId, { limit: 100 })).items;
    const events = await Promise.all(deliveries.map((delivery) => store.webhooks.getEvent(delivery.eventId)));
    const unsent = await store.webhooks.eventsToFanOut(100);
    return [...events, ...unsent].filter((event) => event && event.payload.includes(bookingId)).map((event) => event!.type).sort();
  });
  expect(outbox).toEqual(['booking.updated', 'payment.processed']);
  expect(delivered('payment.processed', bookingId).map((event) => [event.data.status, event.data.amount, event.data.booking.status])).toEqual([['succeeded', 10, 'confirmed']]);
  expect(delivered('booking.updated', bookingId).map((event) => event.data.status)).toEqual(['confirmed']);
}

it('killed after storing the event, before acknowledging it: Stripe sends it again, and the restarted process acts on it once', async () => {
  const { bookingId, paid } = await bookingAndItsPayment();
  await stopServer();
  await startServer({ PAYMENT_KILL_AT: 'event_stored' });
  const dying = running!;
  await expect(postEvent(paid)).rejects.toThrow();
  expect(await dying.exited).toBe('SIGKILL');
  running = undefined;
  await withStore(async (store) => expect((await store.payments.inbox.get(paid.id))?.handledAt).toBeUndefined());

  await startServer();
  // Stripe had no answer: it sends the same event again, which is stored already.
  const again = await postEvent(paid);
  expect([again.status, (await again.json()).data]).toEqual([200, { received: true, duplicate: true }]);
  await handledOnce(paid.id, bookingId);
  await startServer();
  expect((await api('GET', `/bookings/${bookingId}`)).body.data.history.filter((entry: { status: string }) => entry.status === 'confirmed')).toHaveLength(1);
}, 300_000);

it('killed after acting on the event, before marking it handled: the next process takes it over after the lease and changes nothing more', async () => {
  const { bookingId, paid } = await bookingAndItsPayment();
  await stopServer();
  await startServer({ PAYMENT_KILL_AT: 'event_handled' });
  const dying = running!;
  const answer = await postEvent(paid);
  expect([answer.status, (await answer.json()).data]).toEqual([200, { received: true, duplicate: false }]);
  expect(await dying.exited).toBe('SIGKILL');
  running = undefined;
  // It acted (the booking is confirmed) but did not mark the event handled.
  await withStore(async (store) => {
    expect((await store.bookings.get('live', bookingId))!.status).toBe('confirmed');
    expect((await store.payments.inbox.get(paid.id))!.handledAt).toBeUndefined();
  });

  await startServer();
  await handledOnce(paid.id, bookingId);
  await withStore(async (store) => expect((await store.payments.inbox.get(paid.id))!.attempts).toBe(2));
}, 300_000);

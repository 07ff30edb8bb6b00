// Setting payments up, against stripe-mock: a business's onboarding (one connected
// account, its status on the profile status, notices in any order), the services' payment rules,
// Stripe's signature checked (a bad one changes nothing), who may see and do what, and the sandbox:
// a sandbox key pays with the test-mode key only and never meets a live record. On a server
// without payment keys, everything that needs them answers 503 PAYMENTS_NOT_CONFIGURED naming
// what to set, and nothing else changes.
import request from 'supertest';
import { signStripeEvent, stripeFixtureKeyLast4, stripeMockObject } from '../../support/stripeEvents';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';
import { EVERY_DAY, book, checkoutOf, freeStart, openPaymentWorld, paidService, payCheckout, postStripeEvent, settle, type PaymentWorld } from './paymentWorld';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let world: PaymentWorld;

beforeAll(async () => {
  // The live environment in live mode, the sandbox on its own test key: the two never meet.
  world = teardown.adopt(await openPaymentWorld({ liveKey: 'sk_test_liveSideKEYL', liveMode: true, sandboxKey: 'sk_test_sandboxKEYS' }), (opened) => opened.close());
}, 60_000);
afterAll(() => teardown.disposeAsync());
beforeEach(() => world.stripe.clearRequests());

const http = () => request(world.app.callback);

async function newBusiness(auth: Record<string, string>): Promise<string> {
  const created = await http().post('/v1/business/profile').set(auth).send(completeProfileBody({ hours: EVERY_DAY }));
  await http().patch(`/v1/business/profile/${created.body.data.id}`).set(auth).send({ status: 'published' }).expect(200);
  return created.body.data.id;
}

describe('onboarding', () => {
  it('makes one connected account per business, answers a fresh link each time, and shows the status on the profile status', async () => {
    const businessId = await newBusiness(world.owner.auth);
    const status = () => http().get('/v1/business/profile/status').query({ businessId }).set(world.owner.auth);
    expect((await status()).body.data.payments).toEqual({ status: 'not_connected', requirementsDue: [] });
    const first = await http().post(`/v1/business/profile/${businessId}/payments/account`).set(world.owner.auth).send({ returnUrl: 'https://owner.example/back' }).expect(200);
    expect(first.body.data).toEqual(expect.objectContaining({ businessId, status: 'pending', chargesEnabled: false, livemode: true, onboardingUrl: expect.stringMatching(/^https:\/\//) }));
    await http().post(`/v1/business/profile/${businessId}/payments/account`).set(world.owner.auth).send({}).expect(200);
    const created = world.stripe.requests().filter((sent) => sent.path === '/v1/accounts');
    expect(created).toEqual([expect.objectContaining({ idempotencyKey: `connect_live_live_${businessId}`, keyLast4: 'KEYL' })]);
    const links = world.stripe.requests().filter((sent) => sent.path === '/v1/account_links');
    expect(links.map((sent) => sent.form.return_url)).toEqual(['https://owner.example/back', expect.stringContaining(`/dashboard?businessId=${businessId}&payments=returned`)]);
    expect((await status()).body.data.payments.status).toBe('pending');

    const accountId = (await world.app.store.payments.accounts.get('live', businessId))!.state.providerAccountId;
    const account = await stripeMockObject(world.stripe.url, `/v1/accounts/${accountId}`);
    const now = Math.floor(Date.now() / 1000);
    const ready = { ...account, id: accountId, charges_enabled: true, details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } };
    const older = { ...account, id: accountId, charges_enabled: false, details_submitted: true, requirements: { currently_due: ['external_account'], disabled_reason: null } };
    await postStripeEvent(world.app, 'account.updated', ready, { account: accountId, livemode: true, created: now + 5 }).expect(200);
    // An earlier notice arriving later changes nothing.
    await postStripeEvent(world.app, 'account.updated', older, { account: accountId, livemode: true, created: now + 2 }).expect(200);
    await settle(world);
    expect((await status()).body.data.payments).toEqual({ status: 'ready', requirementsDue: [] });
    expect((await http().get(`/v1/business/profile/${businessId}/payments/account`).set(world.owner.auth).expect(200)).body.data).toEqual(
      expect.objectContaining({ status: 'ready', chargesEnabled: true, payoutsEnabled: true }),
    );
  });

  it('refuses a paid booking of a business that has not finished onboarding (409 PAYMENTS_NOT_READY)', async () => {
    const businessId = await newBusiness(world.owner.auth);
    const service = await http().post(`/v1/business/profile/${businessId}/services`).set(world.owner.auth).send({ name: 'Class', duration: 60, bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 30 }, payment: { required: 'full' } }).expect(201);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await http().get(`/v1/business/profile/${businessId}/services/${service.body.data.id}/availability`).query({ from: day, to: day }).set(world.customer.auth);
    const refused = await http().post('/v1/bookings').set(world.customer.auth).send({ businessId, serviceId: service.body.data.id, start: slots.body.data.slots[0].start, customer: { name: 'Sam', email: 'sam@example.com' } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('PAYMENTS_NOT_READY');
    expect(world.stripe.requests().filter((sent) => sent.path === '/v1/checkout/sessions')).toEqual([]);
  });
});

describe('the services\' payment rules', () => {
  const refusedService = async (body: Record<string, unknown>) => {
    const response = await http().post(`/v1/business/profile/${world.businessId}/services`).set(world.owner.auth).send({ name: 'Rule', duration: 30, bookable: true, ...body });
    return [response.status, response.body.error?.details?.field, response.body.error?.details?.issue];
  };

  it('takes a deposit or the full fixed price, with a refund cut-off (24 hours unless said)', async () => {
    const added = await http().post(`/v1/business/profile/${world.businessId}/services`).set(world.owner.auth).send({ name: 'Colour', duration: 90, bookable: true, pricing: { type: 'range', currency: 'EUR', minAmount: 60, maxAmount: 120 }, payment: { required: 'deposit', depositAmount: 20 } }).expect(201);
    expect(added.body.data.payment).toEqual({ required: 'deposit', depositAmount: 20, refundCutoffHours: 24 });
    const changed = await http().patch(`/v1/business/profile/${world.businessId}/services/${added.body.data.id}`).set(world.owner.auth).send({ pricing: { type: 'fixed', currency: 'EUR', amount: 90 }, payment: { required: 'full', refundCutoffHours: 48 } }).expect(200);
    expect(changed.body.data.payment).toEqual({ required: 'full', refundCutoffHours: 48 });
    const cleared = await http().patch(`/v1/business/profile/${world.businessId}/services/${added.body.data.id}`).set(world.owner.auth).send({ payment: null }).expect(200);
    expect(cleared.body.data.payment).toBeUndefined();
  });

  it('refuses a rule its service cannot carry, naming the field', async () => {
    expect(await refusedService({ payment: { required: 'deposit', depositAmount: 10 } })).toEqual([400, 'pricing', expect.stringContaining('names the currency')]);
    expect(await refusedService({ pricing: { type: 'range', currency: 'EUR', minAmount: 1, maxAmount: 9 }, payment: { required: 'full' } })).toEqual([400, 'pricing', expect.stringContaining('fixed price')]);
    expect(await refusedService({ pricing: { type: 'fixed', currency: 'EUR', amount: 30 }, payment: { required: 'deposit', depositAmount: 31 } })).toEqual([400, 'payment.depositAmount', 'must not be above the fixed price']);
    expect(await refusedService({ pricing: { type: 'fixed', currency: 'JPY', amount: 3000 }, payment: { required: 'deposit', depositAmount: 10.5 } })).toEqual([400, 'payment.depositAmount', expect.stringContaining('whole number')]);
    expect(await refusedService({ bookable: false, pricing: { type: 'fixed', currency: 'EUR', amount: 30 }, payment: { required: 'full' } })).toEqual([400, 'payment.required', expect.stringContaining('bookable')]);
    expect(await refusedService({ pricing: { type: 'fixed', currency: 'EUR', amount: 30 }, payment: { required: 'deposit' } })).toEqual([400, 'payment.depositAmount', expect.stringContaining('required')]);
  });
});

describe('Stripe\'s signature', () => {
  it('refuses a missing, forged, altered or stale signature with 400 and stores nothing', async () => {
    const account = await stripeMockObject(world.stripe.url, '/v1/accounts/acct_x');
    const forged = signStripeEvent('account.updated', { ...account, id: world.connectedAccountId }, { secret: 'whsec_not_ours' });
    const stale = signStripeEvent('account.updated', { ...account, id: world.connectedAccountId }, { signedAt: Math.floor(Date.now() / 1000) - 600 });
    const good = signStripeEvent('account.updated', { ...account, id: world.connectedAccountId });
    const post = (payload: string, signature?: string) => {
      const call = http().post('/v1/payments/stripe/webhook').set('Content-Type', 'application/json');
      return (signature ? call.set('Stripe-Signature', signature) : call).send(payload);
    };
    for (const [payload, signature, id] of [[forged.payload, forged.signature, forged.id], [stale.payload, stale.signature, stale.id], [good.payload.replace('"livemode":false', '"livemode":true'), good.signature, good.id], [good.payload, undefined, good.id]] as const) {
      const refused = await post(payload, signature);
      expect([refused.status, refused.body.error.code, refused.body.error.details.field]).toEqual([400, 'VALIDATION_ERROR', signature ? 'Stripe-Signature' : 'Stripe-Signature']);
      expect(await world.app.store.payments.inbox.get(id)).toBeNull();
    }
  });
});

describe('who sees what', () => {
  let stranger: Actor;
  let paymentId: string;

  beforeAll(async () => {
    stranger = await signUp(world.app, 'stranger', 'enterprise');
    const service = await paidService(world, { required: 'deposit', depositAmount: 10 });
    for (const days of [3, 4, 5]) {
      const booking = (await book(world, service, await freeStart(world, service, days)).expect(201)).body.data;
      paymentId = booking.payment.paymentId;
    }
  });

  it('lets the owner, the payer and admins read a payment, and nobody else', async () => {
    const admin = await signUp(world.app, 'admin', 'enterprise');
    await world.app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
    const sandbox = await apiKey(world.app, world.owner, 'test');
    for (const [auth, status] of [[world.owner.auth, 200], [world.customer.auth, 200], [admin.auth, 200], [stranger.auth, 404], [sandbox.auth, 404]] as const) {
      expect((await http().get(`/v1/payments/${paymentId}`).set(auth)).status).toBe(status);
    }
    expect((await http().get('/v1/admin/payments').set(stranger.auth)).status).toBe(403);
    expect((await http().get('/v1/admin/payments').set(admin.auth).expect(200)).body.data.payments.map((one: { id: string }) => one.id)).toContain(paymentId);
  });

  it('keeps a business\'s payments and payment account to its owner', async () => {
    const sandbox = await apiKey(world.app, world.owner, 'test');
    const routes = [
      (auth: Record<string, string>) => http().get(`/v1/business/profile/${world.businessId}/payments`).set(auth),
      (auth: Record<string, string>) => http().get(`/v1/business/profile/${world.businessId}/payments/account`).set(auth),
      (auth: Record<string, string>) => http().post(`/v1/business/profile/${world.businessId}/payments/account`).set(auth).send({}),
    ];
    for (const route of routes) {
      expect((await route(world.owner.auth)).status).toBe(200);
      expect([(await route(stranger.auth)).status, (await route({})).status, (await route(sandbox.auth)).status]).toEqual([403, 401, 404]);
    }
  });

  it('pages an owner\'s payments newest first by cursor', async () => {
    const first = await http().get(`/v1/business/profile/${world.businessId}/payments`).query({ limit: 1 }).set(world.owner.auth).expect(200);
    expect(first.body.data.pagination).toEqual(expect.objectContaining({ limit: 1, hasMore: expect.any(Boolean) }));
    const total = first.body.data.pagination.total as number;
    const seen = [first.body.data.payments[0].id];
    let cursor = first.body.data.pagination.nextCursor as string | undefined;
    while (cursor) {
      const page = await http().get(`/v1/business/profile/${world.businessId}/payments`).query({ limit: 1, cursor }).set(world.owner.auth).expect(200);
      seen.push(page.body.data.payments[0].id);
      cursor = page.body.data.pagination.nextCursor;
    }
    expect(total).toBeGreaterThanOrEqual(3);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen[0]).toBe(paymentId);
  });
});

describe('the sandbox', () => {
  it('pays with the test-mode key only, and a sandbox payment and a live one never touch', async () => {
    const ownerSandbox = await apiKey(world.app, world.owner, 'test');
    const customerSandbox = await apiKey(world.app, world.customer, 'test');
    const businessId = await newBusiness(ownerSandbox.auth);
    await http().post(`/v1/business/profile/${businessId}/payments/account`).set(ownerSandbox.auth).send({}).expect(200);
    const accountId = (await world.app.store.payments.accounts.get('test', businessId))!.state.providerAccountId;
    const account = await stripeMockObject(world.stripe.url, `/v1/accounts/${accountId}`);
    // A live-mode notice about a sandbox account changes nothing; the test-mode one does.
    await postStripeEvent(world.app, 'account.updated', { ...account, id: accountId, charges_enabled: true, details_submitted: true }, { account: accountId, livemode: true }).expect(200);
    await settle(world);
    expect((await http().get(`/v1/business/profile/${businessId}/payments/account`).set(ownerSandbox.auth)).body.data.status).toBe('pending');
    await postStripeEvent(world.app, 'account.updated', { ...account, id: accountId, charges_enabled: true, details_submitted: true }, { account: accountId, livemode: false }).expect(200);
    await settle(world);
    const service = await http().post(`/v1/business/profile/${businessId}/services`).set(ownerSandbox.auth).send({ name: 'Test cut', duration: 60, bookable: true, pricing: { type: 'fixed', currency: 'EUR', amount: 45 }, payment: { required: 'deposit', depositAmount: 10 } }).expect(201);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await http().get(`/v1/business/profile/${businessId}/services/${service.body.data.id}/availability`).query({ from: day, to: day }).set(customerSandbox.auth);
    const booking = (await http().post('/v1/bookings').set(customerSandbox.auth).send({ businessId, serviceId: service.body.data.id, start: slots.body.data.slots[0].start, customer: { name: 'Sam', email: 'sam@example.com' } }).expect(201)).body.data;
    // (The test's own fixture reads go through the front with a key of their own.)
    const madeByTheApp = world.stripe.requests().filter((sent) => sent.keyLast4 !== stripeFixtureKeyLast4);
    expect(madeByTheApp.map((sent) => sent.path)).toEqual(['/v1/accounts', '/v1/account_links', '/v1/checkout/sessions']);
    expect(madeByTheApp.every((sent) => sent.keyMode === 'test' && sent.keyLast4 === 'KEYS')).toBe(true);

    // Paid in live mode? Not this payment. Paid in test mode: confirmed.
    await payCheckout(world, booking.id, { environment: 'test', account: accountId, livemode: true });
    await settle(world);
    expect((await http().get(`/v1/bookings/${booking.id}`).set(customerSandbox.auth)).body.data.status).toBe('pending_payment');
    await payCheckout(world, booking.id, { environment: 'test', account: accountId, livemode: false });
    await settle(world);
    expect((await http().get(`/v1/bookings/${booking.id}`).set(customerSandbox.auth)).body.data.status).toBe('confirmed');

    // Each side lists its own payments only.
    const sandboxList = await http().get('/v1/payments').set(ownerSandbox.auth).expect(200);
    expect(sandboxList.body.data.payments.map((one: { id: string; livemode: boolean }) => [one.id, one.livemode])).toEqual([[booking.payment.paymentId, false]]);
    const liveList = await http().get('/v1/payments').set(world.owner.auth).expect(200);
    expect(liveList.body.data.payments.every((one: { livemode: boolean }) => one.livemode)).toBe(true);
    expect(liveList.body.data.payments.map((one: { id: string }) => one.id)).not.toContain(booking.payment.paymentId);
    const { sessionId } = await checkoutOf(world, booking.id, 'test');
    expect(await world.app.store.payments.payments.findByProviderReference('live', { checkoutSessionId: sessionId })).toBeNull();
  });
});

describe('a server without payment keys', () => {
  let bare: TestApp;
  let owner: Actor;
  let businessId: string;

  beforeAll(async () => {
    bare = await buildTestApp();
    owner = await signUp(bare, 'keyless');
    businessId = (await request(bare.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ hours: EVERY_DAY }))).body.data.id;
    await request(bare.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' }).expect(200);
  });
  afterAll(() => bare.close());

  it('answers 503 PAYMENTS_NOT_CONFIGURED naming what to set wherever payment is needed', async () => {
    const service = await request(bare.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send({ name: 'Paid', duration: 60, bookable: true, pricing: { type: 'fixed', currency: 'EUR', amount: 20 }, payment: { required: 'full' } }).expect(201);
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slots = await request(bare.callback).get(`/v1/business/profile/${businessId}/services/${service.body.data.id}/availability`).query({ from: day, to: day }).set(owner.auth);
    const calls = [
      request(bare.callback).post(`/v1/business/profile/${businessId}/payments/account`).set(owner.auth).send({}),
      request(bare.callback).get(`/v1/business/profile/${businessId}/payments/account`).set(owner.auth),
      request(bare.callback).post('/v1/bookings').set(owner.auth).send({ businessId, serviceId: service.body.data.id, start: slots.body.data.slots[0].start, customer: { name: 'Sam', email: 'sam@example.com' } }),
      request(bare.callback).post('/v1/account/plan/checkout').set(owner.auth).send({ plan: 'professional' }),
      request(bare.callback).post('/v1/payments/stripe/webhook').set('Stripe-Signature', 't=1,v1=00').send({ id: 'evt_1' }),
    ];
    for (const answer of await Promise.all(calls)) {
      expect([answer.status, answer.body.error.code]).toEqual([503, 'PAYMENTS_NOT_CONFIGURED']);
      expect(answer.body.error.message).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    }
  });

  it('runs as without payments otherwise: the profile status has no payments part, free bookings book', async () => {
    const status = await request(bare.callback).get('/v1/business/profile/status').query({ businessId }).set(owner.auth).expect(200);
    expect(status.body.data.payments).toBeUndefined();
    const service = await request(bare.callback).post(`/v1/business/profile/${businessId}/services`).set(owner.auth).send({ name: 'Free', duration: 60, bookable: true }).expect(201);
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    const slots = await request(bare.callback).get(`/v1/business/profile/${businessId}/services/${service.body.data.id}/availability`).query({ from: day, to: day }).set(owner.auth);
    const booked = await request(bare.callback).post('/v1/bookings').set(owner.auth).send({ businessId, serviceId: service.body.data.id, start: slots.body.data.slots[0].start, customer: { name: 'Sam', email: 'sam@example.com' } }).expect(201);
    expect(booked.body.data).toEqual(expect.objectContaining({ status: 'pending', payment: null }));
  });
});

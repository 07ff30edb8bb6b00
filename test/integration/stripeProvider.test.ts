// The Stripe adapter against stripe-mock, which refuses any request Stripe's OpenAPI does not allow:
// what each port call sends (on which account, with which idempotency key, which amounts), what it
// reads back, and the webhook verifier over events signed by the SDK's own test helper.
import { createStripeProvider } from '../../src/adapters/stripe/stripeProvider';
import { createStripeEventVerifier } from '../../src/adapters/stripe/stripeEvents';
import { stripeKeyMode } from '../../src/adapters/stripe/stripeClient';
import { InvalidProviderSignature, PaymentProviderUnavailableError } from '../../src/domain/payments/providerErrors';
import type { PaymentProvider } from '../../src/ports/paymentProvider';
import { freePort } from '../harness/freePort';
import { startStripeMock, type StripeMockHarness } from '../harness/stripeMock';
import { signStripeEvent, stripeMockObject, TEST_WEBHOOK_SECRET } from '../support/stripeEvents';

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let stripeMock: StripeMockHarness;
let provider: PaymentProvider;

beforeAll(async () => {
  stripeMock = teardown.adopt(await startStripeMock(), (engine) => engine.stop());
  provider = createStripeProvider({ secretKey: 'sk_test_adapter', apiUrl: stripeMock.url });
}, 60_000);
afterAll(() => teardown.disposeAsync());
beforeEach(() => stripeMock.clearRequests());

const lastRequest = () => stripeMock.requests().at(-1)!;

describe('key modes', () => {
  it('reads test and live from secret and restricted keys, and nothing from anything else', () => {
    expect(stripeKeyMode('sk_test_abc')).toBe('test');
    expect(stripeKeyMode('rk_live_abc')).toBe('live');
    expect(stripeKeyMode('pk_test_abc')).toBeUndefined();
    expect(stripeKeyMode('sk_test_')).toBeUndefined();
    expect(() => createStripeProvider({ secretKey: 'whsec_abc' })).toThrow(/sk_test_/);
    expect(provider.mode).toBe('test');
  });
});

describe('Connect onboarding', () => {
  it('creates a connected account the business owns, with the idempotency key, and reads its state', async () => {
    const account = await provider.createConnectedAccount({ businessId: 'biz_1', email: 'owner@example.com', country: 'DE', idempotencyKey: 'connect_biz_1' });
    expect(account.providerAccountId).toMatch(/^acct_/);
    expect(account).toEqual(expect.objectContaining({ chargesEnabled: false, detailsSubmitted: false }));
    const request = lastRequest();
    expect(request).toEqual(expect.objectContaining({ method: 'POST', path: '/v1/accounts', idempotencyKey: 'connect_biz_1', status: 200 }));
    expect(request.form).toEqual(
      expect.objectContaining({
        'controller[stripe_dashboard][type]': 'full',
        'controller[fees][payer]': 'account',
        country: 'DE',
        email: 'owner@example.com',
        'metadata[businessId]': 'biz_1',
      }),
    );
    const read = await provider.getConnectedAccount(account.providerAccountId);
    expect(read.providerAccountId).toBe(account.providerAccountId);
    expect(Array.isArray(read.requirementsDue)).toBe(true);
  });

  it('answers an onboarding link for the account', async () => {
    const link = await provider.createOnboardingLink({ providerAccountId: 'acct_123', returnUrl: 'https://api.example.com/done', refreshUrl: 'https://api.example.com/again' });
    expect(link.url).toMatch(/^https:\/\//);
    expect(Date.parse(link.expiresAt)).not.toBeNaN();
    expect(lastRequest().form).toEqual({ account: 'acct_123', type: 'account_onboarding', return_url: 'https://api.example.com/done', refresh_url: 'https://api.example.com/again' });
  });
});

describe('checkouts', () => {
  it('makes a booking payment on the business\'s account, with the application fee, the reference and the idempotency key', async () => {
    const page = await provider.createPaymentCheckout({
      connectedAccountId: 'acct_business',
      description: 'Deposit: Haircut, 2030-05-01 10:00',
      amount: { amount: 1250, currency: 'EUR' },
      applicationFee: 63,
      reference: 'pay_1',
      metadata: { bookingId: 'bkg_1' },
      customerEmail: 'ana@example.com',
      successUrl: 'https://api.example.com/ok',
      cancelUrl: 'https://api.example.com/cancel',
      closeBy: new Date(Date.now() + 15 * 60_000),
      idempotencyKey: 'checkout_bkg_1',
    });
    expect(page.sessionId).toMatch(/^cs_/);
    expect(page.url).toMatch(/^https:\/\//);
    const request = lastRequest();
    expect(request).toEqual(expect.objectContaining({ path: '/v1/checkout/sessions', stripeAccount: 'acct_business', idempotencyKey: 'checkout_bkg_1', status: 200 }));
    expect(request.form).toEqual(
      expect.objectContaining({
        mode: 'payment',
        'line_items[0][price_data][currency]': 'eur',
        'line_items[0][price_data][unit_amount]': '1250',
        'payment_intent_data[application_fee_amount]': '63',
        'payment_intent_data[metadata][reference]': 'pay_1',
        'metadata[bookingId]': 'bkg_1',
        client_reference_id: 'pay_1',
        customer_email: 'ana@example.com',
      }),
    );
    // Stripe's minimum life of a session is 30 minutes: a 15-minute hold asks for more and expires it itself.
    expect(Number(request.form.expires_at) - Date.now() / 1000).toBeGreaterThanOrEqual(30 * 60);
  });

  it('sends no application fee when there is none', async () => {
    await provider.createPaymentCheckout({
      connectedAccountId: 'acct_business',
      description: 'Full payment',
      amount: { amount: 500, currency: 'JPY' },
      reference: 'pay_2',
      metadata: {},
      successUrl: 'https://api.example.com/ok',
      cancelUrl: 'https://api.example.com/cancel',
      closeBy: new Date(),
      idempotencyKey: 'checkout_bkg_2',
    });
    expect(Object.keys(lastRequest().form).some((key) => key.includes('application_fee'))).toBe(false);
    expect(lastRequest().form['line_items[0][price_data][unit_amount]']).toBe('500');
  });

  it('makes a plan subscription on the platform\'s own account for an existing customer', async () => {
    const page = await provider.createSubscriptionCheckout({
      priceId: 'price_professional',
      reference: 'pay_3',
      metadata: { accountId: 'acct_x', plan: 'professional' },
      customerId: 'cus_123',
      successUrl: 'https://api.example.com/ok',
      cancelUrl: 'https://api.example.com/cancel',
      idempotencyKey: 'plan_1',
    });
    expect(page.sessionId).toMatch(/^cs_/);
    const request = lastRequest();
    expect(request.stripeAccount).toBeUndefined();
    expect(request.form).toEqual(
      expect.objectContaining({ mode: 'subscription', 'line_items[0][price]': 'price_professional', customer: 'cus_123', 'subscription_data[metadata][plan]': 'professional' }),
    );
  });

  it('expires and reads a checkout on the connected account', async () => {
    const expired = await provider.expireCheckout('cs_test_1', 'acct_business');
    expect(lastRequest()).toEqual(expect.objectContaining({ path: '/v1/checkout/sessions/cs_test_1/expire', stripeAccount: 'acct_business' }));
    expect(['open', 'expired', 'complete']).toContain(expired.state);
    await provider.getCheckout('cs_test_1', 'acct_business');
    expect(lastRequest()).toEqual(expect.objectContaining({ method: 'GET', path: '/v1/checkout/sessions/cs_test_1', stripeAccount: 'acct_business' }));
  });
});

describe('refunds and the billing portal', () => {
  it('refunds part of a payment on the connected account with the idempotency key', async () => {
    const refund = await provider.refund({ connectedAccountId: 'acct_business', paymentIntentId: 'pi_1', amount: 700, reference: 'pay_1', metadata: { bookingId: 'bkg_1' }, idempotencyKey: 'refund_bkg_1' });
    expect(refund.providerRefundId).toMatch(/^re_/);
    expect(refund.amount.amount).toBe(700);
    expect(['pending', 'succeeded']).toContain(refund.state);
    expect(lastRequest()).toEqual(expect.objectContaining({ path: '/v1/refunds', stripeAccount: 'acct_business', idempotencyKey: 'refund_bkg_1' }));
    expect(lastRequest().form).toEqual(expect.objectContaining({ payment_intent: 'pi_1', amount: '700', 'metadata[reference]': 'pay_1' }));
  });

  it('answers a billing portal link', async () => {
    const portal = await provider.createBillingPortal({ customerId: 'cus_123', returnUrl: 'https://api.example.com/dashboard' });
    expect(portal.url).toMatch(/^https?:\/\//);
  });

  it('turns an unreachable Stripe into a retryable 503', async () => {
    const nobody = createStripeProvider({ secretKey: 'sk_test_down', apiUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(nobody.getConnectedAccount('acct_1')).rejects.toBeInstanceOf(PaymentProviderUnavailableError);
  });
});

describe('webhook events', () => {
  const verify = createStripeEventVerifier(['whsec_platform_endpoint', TEST_WEBHOOK_SECRET]);

  it('reads a completed booking checkout signed with one of the secrets', async () => {
    const session = { ...(await stripeMockObject(stripeMock.url, '/v1/checkout/sessions/cs_fixture')), id: 'cs_paid', payment_status: 'paid', payment_intent: 'pi_paid', amount_total: 1250, currency: 'eur', client_reference_id: 'pay_1', customer: null, subscription: null, metadata: { reference: 'pay_1', bookingId: 'bkg_1' } };
    const signed = signStripeEvent('checkout.session.completed', session, { account: 'acct_business', created: 1_900_000_000 });
    expect(verify(Buffer.from(signed.payload), signed.signature)).toEqual({
      id: signed.id,
      provider: 'stripe',
      mode: 'test',
      type: 'checkout.session.completed',
      occurredAt: new Date(1_900_000_000_000).toISOString(),
      connectedAccountId: 'acct_business',
      change: {
        kind: 'checkout_completed',
        sessionId: 'cs_paid',
        reference: 'pay_1',
        paid: true,
        paymentIntentId: 'pi_paid',
        amount: { amount: 1250, currency: 'EUR' },
        metadata: { reference: 'pay_1', bookingId: 'bkg_1' },
      },
    });
  });

  it('refuses a body signed with another secret, an altered body, no signature and an old signature', () => {
    const signed = signStripeEvent('account.updated', { id: 'acct_1', object: 'account' }, { secret: 'whsec_someone_else' });
    expect(() => verify(Buffer.from(signed.payload), signed.signature)).toThrow(InvalidProviderSignature);
    const good = signStripeEvent('account.updated', { id: 'acct_1', object: 'account' });
    expect(() => verify(Buffer.from(good.payload.replace('acct_1', 'acct_2')), good.signature)).toThrow(InvalidProviderSignature);
    expect(() => verify(Buffer.from(good.payload), undefined)).toThrow(InvalidProviderSignature);
    const old = signStripeEvent('account.updated', { id: 'acct_1', object: 'account' }, { signedAt: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verify(Buffer.from(old.payload), old.signature)).toThrow(InvalidProviderSignature);
  });

  it('reads account, subscription, invoice, refund and payment failure events from Stripe\'s own objects', async () => {
    const read = async (type: string, path: string, fields: Record<string, unknown>) => {
      const signed = signStripeEvent(type, { ...(await stripeMockObject(stripeMock.url, path)), ...fields });
      return verify(Buffer.from(signed.payload), signed.signature).change;
    };
    expect(await read('account.updated', '/v1/accounts/acct_1', { id: 'acct_1', charges_enabled: true, details_submitted: true, payouts_enabled: true, requirements: { currently_due: [], disabled_reason: null } })).toEqual({
      kind: 'account_changed',
      account: { providerAccountId: 'acct_1', chargesEnabled: true, detailsSubmitted: true, payoutsEnabled: true, requirementsDue: [] },
    });
    const subscription = await stripeMockObject(stripeMock.url, '/v1/subscriptions/sub_1');
    const items = subscription.items as { data: Array<Record<string, unknown>> };
    const item = { ...items.data[0], current_period_end: 1_900_000_000, price: { ...(items.data[0].price as object), id: 'price_professional' } };
    expect(await read('customer.subscription.updated', '/v1/subscriptions/sub_1', { id: 'sub_1', customer: 'cus_1', status: 'active', cancel_at_period_end: true, items: { ...items, data: [item] }, metadata: { accountId: 'acct_x' } })).toEqual({
      kind: 'subscription_changed',
      subscription: {
        providerSubscriptionId: 'sub_1',
        providerCustomerId: 'cus_1',
        status: 'active',
        priceIds: ['price_professional'],
        currentPeriodEnd: new Date(1_900_000_000_000).toISOString(),
        cancelAtPeriodEnd: true,
        metadata: { accountId: 'acct_x' },
      },
    });
    const invoice = await read('invoice.paid', '/v1/invoices/in_1', { id: 'in_1', customer: 'cus_1', amount_paid: 4900, currency: 'usd', parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: 'sub_1' } } });
    expect(invoice).toEqual({ kind: 'invoice_paid', invoiceId: 'in_1', subscriptionId: 'sub_1', customerId: 'cus_1', amount: { amount: 4900, currency: 'USD' } });
    expect(await read('refund.updated', '/v1/refunds/re_1', { id: 're_1', payment_intent: 'pi_1', amount: 700, currency: 'eur', status: 'succeeded', metadata: { reference: 'pay_1' } })).toEqual({
      kind: 'refund_changed',
      providerRefundId: 're_1',
      paymentIntentId: 'pi_1',
      amount: { amount: 700, currency: 'EUR' },
      state: 'succeeded',
      reference: 'pay_1',
      metadata: { reference: 'pay_1' },
    });
    expect(await read('payment_intent.payment_failed', '/v1/payment_intents/pi_1', { id: 'pi_1', metadata: { reference: 'pay_1' }, last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } })).toEqual({
      kind: 'payment_failed',
      paymentIntentId: 'pi_1',
      reference: 'pay_1',
      reason: 'Your card was declined.',
    });
    expect(await read('customer.created', '/v1/customers/cus_1', {})).toEqual({ kind: 'other' });
  });
});

// Payments: a business's payment onboarding and status, the payment records of owners
// and admins, and paid plans. Without payment keys every one answers 503 PAYMENTS_NOT_CONFIGURED.
// Stripe's own notifications arrive at POST /v1/payments/stripe/webhook (http/providerWebhookRoute.ts).
import { ADMIN, scope, SIGNED_IN } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { businessPaymentListQuerySchema, paymentListQuerySchema } from '../schemas/endpoints/payments';
import { operation } from './declare';

const tag = 'Payments';
const readBusinesses = scope('read:businesses');
const writeBusinesses = scope('write:businesses');
const NOT_CONFIGURED = 'Without payment keys on the server: 503 PAYMENTS_NOT_CONFIGURED, its message naming what to set.';
const LIST = 'Newest first; filter by status and purpose; cursor paging (pass pagination.nextCursor as cursor until hasMore is false). Amounts in major units of currency.';

export const startPaymentOnboarding = operation({
  name: 'startPaymentOnboarding',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('PaymentAccountRequest') },
  output: responseSchema('PaymentAccount'),
  errors: ['PROFILE_NOT_FOUND', 'PAYMENTS_NOT_CONFIGURED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  http: { method: 'POST', path: '/business/profile/{businessId}/payments/account' },
  docs: {
    tag,
    summary: 'Connect the business to the payment provider, or continue its onboarding (owner, scope write:businesses)',
    description:
      'The business is paid on its own account at the provider (Stripe Connect): the first call creates that account, every call ' +
      'answers a fresh one-time onboardingUrl to the provider\'s form, where the owner gives what the provider needs (identity, bank ' +
      'account). status is pending until the provider enables charges, then ready; only a ready business takes bookings of services ' +
      `that take payment (409 PAYMENTS_NOT_READY otherwise). Send {} for the default return pages. ${NOT_CONFIGURED}`,
    successDescription: 'The payment account with its onboarding link.',
  },
  run: async ({ payments }, { principal, input, request }) => ({ data: await payments.onboarding.start(principal, input.path.businessId, request.origin, input.body) }),
});

export const getPaymentAccount = operation({
  name: 'getPaymentAccount',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('PaymentAccount'),
  errors: ['PROFILE_NOT_FOUND', 'PAYMENTS_NOT_CONFIGURED'],
  http: { method: 'GET', path: '/business/profile/{businessId}/payments/account' },
  docs: {
    tag,
    summary: 'Whether the business can take payments: not_connected, pending or ready (owner, scope read:businesses)',
    description: `Also on GET /business/profile/status (payments.status). requirementsDue lists what the provider still asks for. ${NOT_CONFIGURED}`,
    successDescription: 'The payment account.',
  },
  run: async ({ payments }, { principal, input }) => ({ data: await payments.onboarding.status(principal, input.path.businessId) }),
});

export const listBusinessPayments = operation({
  name: 'listBusinessPayments',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'], query: businessPaymentListQuerySchema },
  output: responseSchema('PaymentList'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/payments' },
  docs: {
    tag,
    summary: 'The business\'s payments and their refunds (owner, scope read:businesses)',
    description: LIST,
    successDescription: 'A page of payments.',
  },
  run: async ({ payments }, { principal, input }) => ({ data: await payments.records.listForBusiness(principal, input.path.businessId, input.query) }),
});

export const listPayments = operation({
  name: 'listPayments',
  access: readBusinesses,
  rateLimit: 'general',
  input: { query: paymentListQuerySchema },
  output: responseSchema('PaymentList'),
  errors: [],
  http: { method: 'GET', path: '/payments' },
  docs: {
    tag,
    summary: 'The payments of the caller\'s account: its businesses\' and its plan\'s (scope read:businesses)',
    description: `${LIST} businessId keeps one business's.`,
    successDescription: 'A page of payments.',
  },
  run: async ({ payments }, { principal, input }) => ({ data: await payments.records.listMine(principal, input.query) }),
});

export const getPayment = operation({
  name: 'getPayment',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['paymentId'] },
  output: responseSchema('Payment'),
  errors: ['PAYMENT_NOT_FOUND'],
  http: { method: 'GET', path: '/payments/{paymentId}' },
  docs: {
    tag,
    summary: 'One payment with its refunds (scope read:businesses)',
    description: 'For the account whose records hold it (the business owner, or the account paying for its plan), the account that paid it, and admins; anyone else gets 404 PAYMENT_NOT_FOUND.',
    successDescription: 'The payment.',
  },
  run: async ({ payments }, { principal, input }) => ({ data: await payments.records.read(principal, input.path.paymentId) }),
});

export const listAllPayments = operation({
  name: 'listAllPayments',
  access: ADMIN,
  rateLimit: 'general',
  input: { query: paymentListQuerySchema },
  output: responseSchema('PaymentList'),
  errors: [],
  http: { method: 'GET', path: '/admin/payments' },
  docs: {
    tag: 'Admin',
    summary: 'Every account\'s payments and refunds of the caller\'s environment (admins)',
    description: LIST,
    successDescription: 'A page of payments.',
  },
  run: async ({ payments }, { principal, input }) => ({ data: await payments.records.listAll(principal, input.query) }),
});

export const startPlanCheckout = operation({
  name: 'startPlanCheckout',
  access: SIGNED_IN,
  rateLimit: 'general',
  idempotent: true,
  input: { body: requestSchema('PlanCheckoutRequest') },
  output: responseSchema('Checkout'),
  errors: ['SUBSCRIPTION_ACTIVE', 'PAYMENTS_NOT_CONFIGURED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  http: { method: 'POST', path: '/account/plan/checkout' },
  docs: {
    tag,
    summary: 'Upgrade the account to a paid plan: a checkout page for its subscription (signed in)',
    description:
      'The subscription\'s payment sets the account\'s plan, and with it its rate limits, on every instance at once; each paid invoice ' +
      'is a payment of the account (payment.processed). A cancelled subscription keeps its plan to the end of the period paid for, ' +
      'then the account is free again. An account paying already: 409 SUBSCRIPTION_ACTIVE (change or cancel the plan at ' +
      `POST /account/billing-portal). The Idempotency-Key reaches the provider: a retry answers the same checkout. ${NOT_CONFIGURED}`,
    successDescription: 'Where the plan is paid.',
  },
  run: async ({ payments }, { principal, input, request }) => ({
    data: await payments.plans.checkout(principal, input.body.plan, request.origin, input.body, request.header('Idempotency-Key')),
  }),
});

export const openBillingPortal = operation({
  name: 'openBillingPortal',
  access: SIGNED_IN,
  rateLimit: 'general',
  input: { body: requestSchema('BillingPortalRequest') },
  output: responseSchema('BillingPortal'),
  errors: ['SUBSCRIPTION_NOT_FOUND', 'PAYMENTS_NOT_CONFIGURED', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  http: { method: 'POST', path: '/account/billing-portal' },
  docs: {
    tag,
    summary: 'The provider\'s page where the account changes or cancels its plan and reads its invoices (signed in)',
    description: `404 SUBSCRIPTION_NOT_FOUND for an account that never paid for a plan. Send {} for the default return page. ${NOT_CONFIGURED}`,
    successDescription: 'The portal link.',
  },
  run: async ({ payments }, { principal, input, request }) => ({ data: await payments.plans.portal(principal, request.origin, input.body.returnUrl) }),
});

export const PAYMENT_OPERATIONS = [startPaymentOnboarding, getPaymentAccount, listBusinessPayments, listPayments, getPayment, listAllPayments, startPlanCheckout, openBillingPortal];

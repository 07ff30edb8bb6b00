// Stripe events as Stripe sends them, for tests: the object is one stripe-mock serves (so its
// shape is Stripe's own, from Stripe's OpenAPI fixtures) with the fields a test cares about set,
// wrapped in an event envelope and signed with the SDK's test helper
// (stripe.webhooks.generateTestHeaderString), ready to POST to our webhook endpoint.
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

export const TEST_WEBHOOK_SECRET = 'whsec_test_payments_suite_secret';

export interface SignedStripeEvent {
  id: string;
  payload: string;
  signature: string;
}

export interface StripeEventOptions {
  id?: string;
  /** Seconds since the epoch; default now. Later events win over earlier ones. */
  created?: number;
  livemode?: boolean;
  /** The connected account it happened on (Connect events). */
  account?: string;
  secret?: string;
  /** Signature time, seconds; default now (an old one is refused). */
  signedAt?: number;
}

const FIXTURE_KEY = 'sk_test_fixtureReads';
/** The last four characters of the key fixture reads are made with (to tell them from the app's calls). */
export const stripeFixtureKeyLast4 = FIXTURE_KEY.slice(-4);

/** GET of one stripe-mock object ('/v1/checkout/sessions/cs_x'), as the SDK would read it. */
export async function stripeMockObject(stripeMockUrl: string, path: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${stripeMockUrl}${path}`, { headers: { Authorization: `Bearer ${FIXTURE_KEY}` } });
  if (response.status !== 200) throw new Error(`stripe-mock answered ${response.status} to GET ${path}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

export function signStripeEvent(type: string, object: Record<string, unknown>, options: StripeEventOptions = {}): SignedStripeEvent {
  const id = options.id ?? `evt_test_${randomBytes(12).toString('hex')}`;
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: options.created ?? Math.floor(Date.now() / 1000),
    data: { object },
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    ...(options.account && { account: options.account }),
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    ...(options.signedAt !== undefined && { timestamp: options.signedAt }),
  });
  return { id, payload, signature };
}

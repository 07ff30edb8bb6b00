// POST /payments/stripe/webhook: Stripe's notifications, served outside the declared
// operations (http/providerWebhookRoute.ts): the caller proves itself with Stripe-Signature, not
// an API credential, and the answer is for Stripe (2xx: stored; anything else: sent again later).
import { ref, STANDARD_HEADERS } from '../components';

export function paymentWebhookPaths() {
  const envelope = { 'application/json': { schema: ref('schemas', 'ErrorEnvelope') } };
  return {
    '/payments/stripe/webhook': {
      post: {
        operationId: 'receiveStripeEvent',
        tags: ['Payments'],
        summary: 'Where Stripe sends its notifications (set it as the URL of your Stripe webhook endpoints)',
        description:
          'Point a Stripe webhook endpoint of your account (and a Connect one, for events of the businesses\' accounts) at this URL and ' +
          'put their signing secrets in STRIPE_WEBHOOK_SECRET. Events used: checkout.session.completed, ' +
          'checkout.session.async_payment_succeeded/failed, checkout.session.expired, payment_intent.succeeded, ' +
          'payment_intent.payment_failed, refund.created/updated/failed, account.updated, customer.subscription.created/updated/deleted, ' +
          'invoice.paid, invoice.payment_failed; others are stored and ignored. The signature is checked over the raw body; each event ' +
          'is stored (once per id) before it is acknowledged, then handled, in any order.',
        security: [],
        parameters: [
          { name: 'Stripe-Signature', in: 'header', required: true, description: 't=<unix seconds>,v1=<HMAC-SHA256 of t.body with an endpoint secret>.', schema: { type: 'string' } },
          ref('parameters', 'XRequestId'),
        ],
        requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', description: 'A Stripe event (object: event).' } } } },
        responses: {
          200: {
            description: 'Stored (or stored already): Stripe does not send it again.',
            headers: STANDARD_HEADERS,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['success', 'data', 'meta'],
                  properties: {
                    success: { type: 'boolean', const: true },
                    data: { type: 'object', required: ['received', 'duplicate'], properties: { received: { type: 'boolean', const: true }, duplicate: { type: 'boolean', description: 'This event id was stored already.' } } },
                    meta: ref('schemas', 'Meta'),
                  },
                },
              },
            },
          },
          400: { description: 'VALIDATION_ERROR: the Stripe-Signature is missing, old (more than 5 minutes), or not made with a configured secret; nothing changes.', headers: STANDARD_HEADERS, content: envelope },
          413: { description: 'PAYLOAD_TOO_LARGE: the body is over JSON_BODY_LIMIT_BYTES.', headers: STANDARD_HEADERS, content: envelope },
          500: { description: 'INTERNAL_ERROR: something failed inside the server; Stripe sends the event again later.', headers: STANDARD_HEADERS, content: envelope },
          503: { description: 'PAYMENTS_NOT_CONFIGURED (no webhook secret on this server), or the store is down: Stripe sends it again later.', headers: STANDARD_HEADERS, content: envelope },
        },
      },
    },
  };
}

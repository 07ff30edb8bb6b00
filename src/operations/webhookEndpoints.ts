// Webhook endpoint management: subscriptions, their signing secret, a test event and
// the delivery log. The events themselves and how to verify them: docs/webhooks.md. Managing them
// is account configuration done with the owning account's credential: a signed-in JWT (live) or an
// API key with write:businesses (its own environment; a read-only key can neither see nor change
// them, as the log shows event data).
import { scope } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { webhookPageQuerySchema } from '../schemas/endpoints/webhooks';
import { MAX_ENDPOINTS, ROTATION_OVERLAP_MS } from '../services/webhooks/webhookEndpointService';
import { operation } from './declare';

const tag = 'Webhooks';
// They carry signing secrets and receive the account's events, so reading them is managing them.
const manage = scope('write:businesses');
const OWNED =
  'Endpoints belong to the caller\'s account and environment (a sandbox key manages and receives sandbox events only); ' +
  'another account\'s endpoint is 404 WEBHOOK_ENDPOINT_NOT_FOUND, as an unknown id.';

// Create and rotate answer with the secret, which is never stored in clear to replay: they take
// no Idempotency-Key (not idempotent), as before.
export const createWebhookEndpoint = operation({
  name: 'createWebhookEndpoint',
  access: manage,
  rateLimit: 'general',
  input: { body: requestSchema('CreateWebhookEndpointRequest') },
  output: responseSchema('WebhookEndpointWithSecret'),
  errors: [],
  http: { method: 'POST', path: '/webhooks/endpoints', status: 201 },
  docs: {
    tag,
    summary: 'Subscribe a URL to events',
    description:
      `The answer holds the signing secret (whsec_...) once: store it. At most ${MAX_ENDPOINTS} endpoints per account and ` +
      `environment (more is VALIDATION_ERROR on url). ["*"] alone or a list of event types, not both (VALIDATION_ERROR on events). ${OWNED}`,
    successDescription: 'Subscribed, with the secret shown once.',
    successHeaders: { Location: 'Location' },
  },
  run: async ({ webhookEndpoints }, { principal, input }) => {
    const endpoint = await webhookEndpoints.create(principal, input.body);
    return { data: endpoint, headers: { Location: `/v1/webhooks/endpoints/${endpoint.id}` } };
  },
});

export const listWebhookEndpoints = operation({
  name: 'listWebhookEndpoints',
  access: manage,
  rateLimit: 'general',
  input: { query: webhookPageQuerySchema },
  output: responseSchema('WebhookEndpointList'),
  errors: [],
  http: { method: 'GET', path: '/webhooks/endpoints' },
  docs: {
    tag,
    summary: 'The caller\'s webhook endpoints',
    description: `Cursor pagination: pass pagination.nextCursor as cursor until hasMore is false. Secrets are never shown again. ${OWNED}`,
    successDescription: 'One page of endpoints.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.list(principal, input.query) }),
});

export const getWebhookEndpoint = operation({
  name: 'getWebhookEndpoint',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId'] },
  output: responseSchema('WebhookEndpoint'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  http: { method: 'GET', path: '/webhooks/endpoints/{endpointId}' },
  docs: { tag, summary: 'Read a webhook endpoint', description: OWNED, successDescription: 'The endpoint.' },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.read(principal, input.path.endpointId) }),
});

export const updateWebhookEndpoint = operation({
  name: 'updateWebhookEndpoint',
  access: manage,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['endpointId'], body: requestSchema('UpdateWebhookEndpointRequest') },
  output: responseSchema('WebhookEndpoint'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  http: { method: 'PATCH', path: '/webhooks/endpoints/{endpointId}' },
  docs: {
    tag,
    summary: 'Change the URL, events or description; enable or disable',
    description: `At least one field. enabled: true starts deliveries again after a 410 Gone or five failing days. ${OWNED}`,
    successDescription: 'The endpoint as changed.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.update(principal, input.path.endpointId, input.body) }),
});

export const deleteWebhookEndpoint = operation({
  name: 'deleteWebhookEndpoint',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId'] },
  output: responseSchema('Deleted'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  http: { method: 'DELETE', path: '/webhooks/endpoints/{endpointId}' },
  docs: { tag, summary: 'Unsubscribe', description: `Pending deliveries to it are dropped. ${OWNED}`, successDescription: 'Deleted.' },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.remove(principal, input.path.endpointId) }),
});

export const rotateWebhookEndpointSecret = operation({
  name: 'rotateWebhookEndpointSecret',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId'] },
  output: responseSchema('WebhookEndpointWithSecret'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  http: { method: 'POST', path: '/webhooks/endpoints/{endpointId}/rotate-secret' },
  docs: {
    tag,
    summary: 'Replace the signing secret',
    description:
      `The new secret is in the answer, once. For ${ROTATION_OVERLAP_MS / 3_600_000} hours the previous one signs too (a second ` +
      `signature in webhook-signature), so receivers can switch without a gap. ${OWNED}`,
    successDescription: 'The endpoint with its new secret.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.rotateSecret(principal, input.path.endpointId) }),
});

export const sendWebhookTest = operation({
  name: 'sendWebhookTest',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId'] },
  output: responseSchema('WebhookTestSent'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED'],
  http: { method: 'POST', path: '/webhooks/endpoints/{endpointId}/test', status: 202 },
  docs: {
    tag,
    summary: 'Send a webhook.test event to this endpoint',
    description: `Queued for delivery at once; follow it in the delivery log. A disabled endpoint is 409 WEBHOOK_ENDPOINT_DISABLED. ${OWNED}`,
    successDescription: 'Queued: the event id and its delivery.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.sendTest(principal, input.path.endpointId) }),
});

export const listWebhookDeliveries = operation({
  name: 'listWebhookDeliveries',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId'], query: webhookPageQuerySchema },
  output: responseSchema('WebhookDeliveryList'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND'],
  http: { method: 'GET', path: '/webhooks/endpoints/{endpointId}/deliveries' },
  docs: {
    tag,
    summary: 'The delivery log of an endpoint, newest first',
    description: `Each delivery with its status and every attempt (time, receiver status, latency, error in words). ${OWNED}`,
    successDescription: 'One page of deliveries.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({ data: await webhookEndpoints.deliveries(principal, input.path.endpointId, input.query) }),
});

export const retryWebhookDelivery = operation({
  name: 'retryWebhookDelivery',
  access: manage,
  rateLimit: 'general',
  input: { path: ['endpointId', 'deliveryId'] },
  output: responseSchema('WebhookDelivery'),
  errors: ['WEBHOOK_ENDPOINT_NOT_FOUND', 'WEBHOOK_DELIVERY_NOT_FOUND', 'WEBHOOK_ENDPOINT_DISABLED', 'WEBHOOK_DELIVERY_IN_PROGRESS'],
  http: { method: 'POST', path: '/webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/retry', status: 202 },
  docs: {
    tag,
    summary: 'Deliver again now',
    description:
      'Puts the delivery back in the queue, due now, whatever its status. 409 WEBHOOK_ENDPOINT_DISABLED on a disabled endpoint, ' +
      `409 WEBHOOK_DELIVERY_IN_PROGRESS while an attempt runs; 404 WEBHOOK_DELIVERY_NOT_FOUND for a delivery of another endpoint. ${OWNED}`,
    successDescription: 'Queued again.',
  },
  run: async ({ webhookEndpoints }, { principal, input }) => ({
    data: await webhookEndpoints.retryDelivery(principal, input.path.endpointId, input.path.deliveryId),
  }),
});

export const WEBHOOK_ENDPOINT_OPERATIONS = [
  createWebhookEndpoint,
  listWebhookEndpoints,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookEndpointSecret,
  sendWebhookTest,
  listWebhookDeliveries,
  retryWebhookDelivery,
];

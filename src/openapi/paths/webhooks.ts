// Webhook endpoint management (issue 22): subscriptions, their signing secret, a test event and
// the delivery log. The events themselves and how to verify them: docs/webhooks.md.
import { ref } from '../components';
import { operation } from '../operation';
import { webhookPageQuerySchema } from '../../schemas/endpoints/webhooks';
import { MAX_ENDPOINTS, ROTATION_OVERLAP_MS } from '../../services/webhooks/webhookEndpointService';

const tag = 'Webhooks';
const access = 'credential' as const;
const OWNED =
  'Endpoints belong to the caller\'s account and environment (a sandbox key manages and receives sandbox events only); ' +
  'another account\'s endpoint is 404 WEBHOOK_ENDPOINT_NOT_FOUND, as an unknown id.';

export function webhookPaths() {
  return {
    '/webhooks/endpoints': {
      post: operation({
        operationId: 'createWebhookEndpoint',
        tag,
        summary: 'Subscribe a URL to events',
        description:
          `The answer holds the signing secret (whsec_...) once: store it. At most ${MAX_ENDPOINTS} endpoints per account and ` +
          `environment (more is VALIDATION_ERROR on url). ["*"] alone or a list of event types, not both (VALIDATION_ERROR on events). ${OWNED}`,
        access,
        body: 'CreateWebhookEndpointRequest',
        success: { status: 201, description: 'Subscribed, with the secret shown once.', data: 'WebhookEndpointWithSecret', headers: { Location: ref('headers', 'Location') } },
      }),
      get: operation({
        operationId: 'listWebhookEndpoints',
        tag,
        summary: 'The caller\'s webhook endpoints',
        description: `Cursor pagination: pass pagination.nextCursor as cursor until hasMore is false. Secrets are never shown again. ${OWNED}`,
        access,
        query: webhookPageQuerySchema,
        success: { status: 200, description: 'One page of endpoints.', data: 'WebhookEndpointList' },
      }),
    },
    '/webhooks/endpoints/{endpointId}': {
      get: operation({
        operationId: 'getWebhookEndpoint',
        tag,
        summary: 'Read a webhook endpoint',
        description: OWNED,
        access,
        parameters: ['EndpointId'],
        success: { status: 200, description: 'The endpoint.', data: 'WebhookEndpoint' },
        errors: [404],
      }),
      patch: operation({
        operationId: 'updateWebhookEndpoint',
        tag,
        summary: 'Change the URL, events or description; enable or disable',
        description: `At least one field. enabled: true starts deliveries again after a 410 Gone or five failing days. ${OWNED}`,
        access,
        parameters: ['EndpointId'],
        body: 'UpdateWebhookEndpointRequest',
        success: { status: 200, description: 'The endpoint as changed.', data: 'WebhookEndpoint' },
        errors: [404],
      }),
      delete: operation({
        operationId: 'deleteWebhookEndpoint',
        tag,
        summary: 'Unsubscribe',
        description: `Pending deliveries to it are dropped. ${OWNED}`,
        access,
        parameters: ['EndpointId'],
        success: { status: 200, description: 'Deleted.', data: 'Deleted' },
        errors: [404],
      }),
    },
    '/webhooks/endpoints/{endpointId}/rotate-secret': {
      post: operation({
        operationId: 'rotateWebhookEndpointSecret',
        tag,
        summary: 'Replace the signing secret',
        description:
          `The new secret is in the answer, once. For ${ROTATION_OVERLAP_MS / 3_600_000} hours the previous one signs too (a second ` +
          `signature in webhook-signature), so receivers can switch without a gap. ${OWNED}`,
        access,
        parameters: ['EndpointId'],
        success: { status: 200, description: 'The endpoint with its new secret.', data: 'WebhookEndpointWithSecret' },
        errors: [404],
      }),
    },
    '/webhooks/endpoints/{endpointId}/test': {
      post: operation({
        operationId: 'sendWebhookTest',
        tag,
        summary: 'Send a webhook.test event to this endpoint',
        description: `Queued for delivery at once; follow it in the delivery log. A disabled endpoint is 409 WEBHOOK_ENDPOINT_DISABLED. ${OWNED}`,
        access,
        parameters: ['EndpointId'],
        success: { status: 202, description: 'Queued: the event id and its delivery.', data: 'WebhookTestSent' },
        errors: [404, 409],
      }),
    },
    '/webhooks/endpoints/{endpointId}/deliveries': {
      get: operation({
        operationId: 'listWebhookDeliveries',
        tag,
        summary: 'The delivery log of an endpoint, newest first',
        description: `Each delivery with its status and every attempt (time, receiver status, latency, error in words). ${OWNED}`,
        access,
        parameters: ['EndpointId'],
        query: webhookPageQuerySchema,
        success: { status: 200, description: 'One page of deliveries.', data: 'WebhookDeliveryList' },
        errors: [404],
      }),
    },
    '/webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/retry': {
      post: operation({
        operationId: 'retryWebhookDelivery',
        tag,
        summary: 'Deliver again now',
        description:
          'Puts the delivery back in the queue, due now, whatever its status. 409 WEBHOOK_ENDPOINT_DISABLED on a disabled endpoint, ' +
          `409 WEBHOOK_DELIVERY_IN_PROGRESS while an attempt runs; 404 WEBHOOK_DELIVERY_NOT_FOUND for a delivery of another endpoint. ${OWNED}`,
        access,
        parameters: ['EndpointId', 'DeliveryId'],
        success: { status: 202, description: 'Queued again.', data: 'WebhookDelivery' },
        errors: [404, 409],
      }),
    },
  };
}

// A delivery is one event on its way to one endpoint: created pending when the event is fanned
// out, due at once.
import { newId } from '../../domain/ids';
import { subscribesTo } from '../../domain/webhooks/eventTypes';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../../domain/webhooks/webhookRecords';

export function newDelivery(event: WebhookEvent, endpoint: Pick<WebhookEndpoint, 'id'>, now: Date): WebhookDelivery {
  const at = now.toISOString();
  return {
    id: newId('whd'),
    eventId: event.id,
    eventType: event.type,
    endpointId: endpoint.id,
    accountId: event.accountId,
    environment: event.environment,
    status: 'pending',
    attempts: [],
    attemptCount: 0,
    nextAttemptAt: at,
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * The endpoints an event goes to: the owner's enabled endpoints of the event's environment that
 * subscribe to its type and existed when it happened (a webhook.test names its one endpoint).
 */
export function recipientsOf(event: WebhookEvent, endpoints: WebhookEndpoint[]): WebhookEndpoint[] {
  return endpoints.filter((endpoint) => {
    if (endpoint.accountId !== event.accountId || endpoint.environment !== event.environment) return false;
    if (event.endpointId !== undefined) return endpoint.id === event.endpointId;
    return subscribesTo(endpoint.events, event.type) && endpoint.createdAt <= event.createdAt;
  });
}

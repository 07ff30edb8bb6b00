// The webhook events a store's outbox holds and has not fanned out yet, with their payloads
// parsed: what tests look at to see which writes produced which events.
import type { Store } from '../../src/ports/store';

export interface QueuedWebhookEvent {
  id: string;
  type: string;
  accountId: string;
  environment: string;
  data: Record<string, unknown>;
}

export async function queuedWebhookEvents(store: Store, limit = 10_000): Promise<QueuedWebhookEvent[]> {
  const events = await store.webhooks.eventsToFanOut(limit);
  return events.map((event) => ({
    id: event.id,
    type: event.type,
    accountId: event.accountId,
    environment: event.environment,
    data: (JSON.parse(event.payload) as { data: Record<string, unknown> }).data,
  }));
}

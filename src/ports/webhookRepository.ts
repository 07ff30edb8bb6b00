// Webhook subscriptions, the event outbox and the delivery log. Part of the Store, because the
// outbox must live in the same database as the changes that write to it: repositories that
// change a profile, a verification, a media record, a review or a booking take the events of
// that change and store them atomically with it (SQLite: one transaction; MongoDB: inside the
// same document write, relayed from there; see adapters/mongo/webhooks/embeddedOutbox.ts).
import type { Environment } from '../domain/profile';
import type { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../domain/webhooks/webhookRecords';
import type { ListPage, ListPageOptions } from '../domain/listPage';

/** Fields to change; null removes an optional field. */
export type WebhookEndpointPatch = {
  [K in keyof Omit<WebhookEndpoint, 'id' | 'accountId' | 'environment' | 'createdAt'>]?: WebhookEndpoint[K] | null;
};

export interface WebhookRepository {
  createEndpoint(endpoint: WebhookEndpoint): Promise<WebhookEndpoint>;
  getEndpoint(id: string): Promise<WebhookEndpoint | null>;
  /** An account's endpoints of one environment, oldest first by (createdAt, id). */
  pageEndpoints(accountId: string, environment: Environment, options: ListPageOptions): Promise<ListPage<WebhookEndpoint>>;
  /** Enabled endpoints of an account and environment (fan-out). */
  enabledEndpoints(accountId: string, environment: Environment): Promise<WebhookEndpoint[]>;
  /** null when the endpoint does not exist. */
  updateEndpoint(id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpoint | null>;
  /** Sets failingSince unless it is set already; returns the endpoint as stored after. */
  noteEndpointFailure(id: string, at: string): Promise<WebhookEndpoint | null>;
  /** Removes the endpoint and its delivery log; false when it did not exist. */
  deleteEndpoint(id: string): Promise<boolean>;

  /** Events not caused by a stored change (webhook.test). */
  appendEvents(events: WebhookEvent[]): Promise<void>;
  getEvent(id: string): Promise<WebhookEvent | null>;
  /** Oldest events whose deliveries are not created yet. */
  eventsToFanOut(limit: number): Promise<WebhookEvent[]>;
  /**
   * Creates the event's deliveries (a delivery that exists for the same event and endpoint is
   * kept as it is) and marks the event fanned out. Safe to repeat after a crash.
   */
  fanOut(eventId: string, deliveries: WebhookDelivery[]): Promise<void>;

  getDelivery(id: string): Promise<WebhookDelivery | null>;
  /** Pending deliveries due by `now` and deliveries whose lease ran out before `now`, oldest due first. */
  dueDeliveries(now: string, limit: number): Promise<WebhookDelivery[]>;
  /** Compare-and-swap on version: false when another worker changed it first. */
  replaceDelivery(next: WebhookDelivery, expectedVersion: number): Promise<boolean>;
  /** An endpoint's deliveries, newest first by (createdAt, id); `after` continues a page. */
  pageDeliveries(endpointId: string, options: ListPageOptions): Promise<ListPage<WebhookDelivery>>;
}

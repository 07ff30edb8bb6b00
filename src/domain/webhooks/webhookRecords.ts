// The stored records of webhooks: a subscription (endpoint), an event in the outbox, and a
// delivery of one event to one endpoint with its attempts.
import type { Environment } from '../profile';

export interface EncryptedSecret {
  /** AES-256-GCM box of the `whsec_...` secret (secretBox.ts); never the secret itself. */
  sealed: string;
  createdAt: string;
  /** Set on a rotated-out secret: it keeps signing alongside the new one until then. */
  expiresAt?: string;
}

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  environment: Environment;
  url: string;
  /** Event types, or ['*']. */
  events: string[];
  description?: string;
  enabled: boolean;
  /** Why it was disabled (by its owner, a 410 Gone, or five days of failures). */
  disabledReason?: string;
  disabledAt?: string;
  /** Newest first; the first one is current. */
  secrets: EncryptedSecret[];
  /** First failed attempt since the last delivered one: five days of it disables the endpoint. */
  failingSince?: string;
  createdAt: string;
  updatedAt: string;
}

/** One event in the outbox, written together with the change that caused it. */
export interface WebhookEvent {
  /** `msg_...`: the webhook-id header on every attempt to every endpoint. */
  id: string;
  type: string;
  /** Whose subscriptions receive it: the owner of the resource, in its environment. */
  accountId: string;
  environment: Environment;
  /** The exact JSON body sent: {type, timestamp, data}. */
  payload: string;
  createdAt: string;
  /** webhook.test goes to this endpoint only, whatever its event list. */
  endpointId?: string;
}

export type DeliveryStatus = 'pending' | 'delivering' | 'delivered' | 'failed';

export interface DeliveryAttempt {
  at: string;
  /** HTTP status the receiver answered; absent when no answer came (refused, timeout, network). */
  responseStatus?: number;
  latencyMs: number;
  /** Why the attempt failed, in words (never the receiver's body). */
  error?: string;
}

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  endpointId: string;
  accountId: string;
  environment: Environment;
  status: DeliveryStatus;
  attempts: DeliveryAttempt[];
  attemptCount: number;
  nextAttemptAt?: string;
  /** While status is delivering: the attempt's lease; a lease past its time is taken over (the process died). */
  leaseUntil?: string;
  /** Compare-and-swap counter: a worker whose lease was taken over cannot overwrite the newer state. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

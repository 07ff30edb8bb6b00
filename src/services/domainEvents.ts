// The one place use cases announce what happened (review.submitted, booking.created,
// booking.updated), after it is stored. Webhook delivery subscribes here: app.ts hands a sink to
// the services, and they call it once per committed change. A sink that fails never undoes or
// fails the change it reports (it is logged by the service that called it).
import type { Environment } from '../domain/profile';

export type DomainEventType = 'review.submitted' | 'review.updated' | 'booking.created' | 'booking.updated';

export interface DomainEvent {
  type: DomainEventType;
  environment: Environment;
  businessId: string;
  /** The record as the business owner may see it (a booking includes its customer's contact). */
  data: Record<string, unknown>;
  /** ISO 8601 UTC. */
  occurredAt: string;
}

export type DomainEventSink = (event: DomainEvent) => void | Promise<void>;

// Review and booking events reach webhooks through the domain-event sink those services call
// once a change is stored (services/domainEvents.ts). The event goes to the subscriptions of the
// business's owner in the event's environment.
//
// Unlike profile, verification and media events (written in the change's own transaction), these
// are appended right after the commit: a process that dies between the two loses the event. The
// sink never fails the change it reports.
import type { Logger } from '../../logger';
import type { Store } from '../../ports/store';
import type { DomainEventSink } from '../domainEvents';
import { webhookEvent } from './webhookEvents';

export function webhookDomainEventSink(deps: { store: Store; logger: Logger; next?: DomainEventSink }): DomainEventSink {
  const { store, logger, next } = deps;
  return async (event) => {
    try {
      const business = await store.profiles.get(event.environment, event.businessId, { includeDeleted: true });
      if (business) {
        const owner = { accountId: business.ownerId, environment: event.environment };
        await store.webhooks.appendEvents([webhookEvent(event.type, owner, event.data, new Date(event.occurredAt))]);
      }
    } catch (error) {
      logger.error({ err: error, type: event.type, businessId: event.businessId }, 'webhook event of a stored change could not be queued');
    }
    await next?.(event);
  };
}

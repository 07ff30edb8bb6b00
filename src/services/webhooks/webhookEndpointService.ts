// Managing webhook subscriptions: create (the secret is shown once), list, read, update,
// enable/disable, delete, rotate the secret (the old one keeps signing for 24 h), send a
// webhook.test event, read the delivery log and retry a delivery by hand. Each endpoint belongs
// to one account and one environment: a sandbox key manages and receives sandbox events only.
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import type { AddressPolicy } from '../../domain/webhooks/addressPolicy';
import { checkEndpointUrl } from '../../domain/webhooks/endpointUrl';
import { newSigningSecret, type SecretBox } from '../../domain/webhooks/secretBox';
import type { WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhookRecords';
import type { WebhookRepository } from '../../ports/webhookRepository';
import { decodeListCursor, paginationOf } from '../listCursor';
import type { Clock } from '../profileMutation';
import { newDelivery } from './webhookDeliveries';
import { webhookEvent } from './webhookEvents';
import type { Static } from 'typebox';
import type { createWebhookEndpointBodySchema, updateWebhookEndpointBodySchema } from '../../schemas/endpoints/webhooks';

/** The rotated-out secret keeps signing this long, so receivers can switch without a gap. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
/** Endpoints per account and environment. */
export const MAX_ENDPOINTS = 20;

/** An endpoint as its body registers it, and the changes an update's body makes. */
export type EndpointInput = Static<typeof createWebhookEndpointBodySchema>;
export type EndpointUpdate = Static<typeof updateWebhookEndpointBodySchema>;

function endpointView(endpoint: WebhookEndpoint, now: Date) {
  const previous = endpoint.secrets.slice(1).find((secret) => secret.expiresAt !== undefined && Date.parse(secret.expiresAt) > now.getTime());
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description ?? '',
    enabled: endpoint.enabled,
    ...(endpoint.disabledReason !== undefined && { disabledReason: endpoint.disabledReason }),
    ...(endpoint.disabledAt !== undefined && { disabledAt: endpoint.disabledAt }),
    ...(endpoint.failingSince !== undefined && { failingSince: endpoint.failingSince }),
    environment: endpoint.environment,
    secretCreatedAt: endpoint.secrets[0]?.createdAt,
    ...(previous && { previousSecretExpiresAt: previous.expiresAt }),
    createdAt: endpoint.createdAt,
    updatedAt: endpoint.updatedAt,
  };
}

export function deliveryView(delivery: WebhookDelivery) {
  const last = delivery.attempts.at(-1);
  return {
    id: delivery.id,
    endpointId: delivery.endpointId,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    status: delivery.status,
    attempts: delivery.attemptCount,
    ...(last && {
      lastAttemptAt: last.at,
      ...(last.responseStatus !== undefined && { responseStatus: last.responseStatus }),
      latencyMs: last.latencyMs,
      ...(last.error !== undefined && { lastError: last.error }),
    }),
    ...(delivery.nextAttemptAt !== undefined && delivery.status === 'pending' && { nextAttemptAt: delivery.nextAttemptAt }),
    attemptLog: delivery.attempts,
    createdAt: delivery.createdAt,
    updatedAt: delivery.updatedAt,
  };
}

const endpointNotFound = (id: string) => new NotFoundError(`Webhook endpoint ${id} does not exist`, 'WEBHOOK_ENDPOINT_NOT_FOUND');

function checkEvents(events: string[] | undefined): void {
  if (events && events.includes('*') && events.length > 1) throw new ValidationError('events', 'is either ["*"] or a list of event types, not both');
}

export function createWebhookEndpointService(deps: { webhooks: WebhookRepository; secrets: SecretBox; policy: AddressPolicy; clock: Clock }) {
  const { webhooks, secrets, policy, clock } = deps;

  /** The caller's endpoint: another account's or environment's is 404, so ids reveal nothing. */
  async function owned(principal: Principal, id: string): Promise<WebhookEndpoint> {
    const endpoint = await webhooks.getEndpoint(id);
    if (!endpoint || endpoint.accountId !== principal.accountId || endpoint.environment !== principal.environment) throw endpointNotFound(id);
    return endpoint;
  }

  async function create(principal: Principal, input: EndpointInput) {
    const url = checkEndpointUrl(input.url, policy);
    checkEvents(input.events);
    const existing = await webhooks.pageEndpoints(principal.accountId, principal.environment, { limit: 1 });
    if (existing.total >= MAX_ENDPOINTS) {
      throw new ValidationError('url', `this account already has ${MAX_ENDPOINTS} webhook endpoints in this environment; delete one first`);
    }
    const now = clock();
    const at = now.toISOString();
    const id = newId('we');
    const secret = newSigningSecret();
    const endpoint = await webhooks.createEndpoint({
      id,
      accountId: principal.accountId,
      environment: principal.environment,
      url,
      events: [...new Set(input.events)],
      ...(input.description !== undefined && input.description !== '' && { description: input.description }),
      enabled: true,
      secrets: [{ sealed: secrets.seal(secret, id), createdAt: at }],
      createdAt: at,
      updatedAt: at,
    });
    return { ...endpointView(endpoint, now), secret };
  }

  async function list(principal: Principal, page: { limit: number; cursor?: string }) {
    const found = await webhooks.pageEndpoints(principal.accountId, principal.environment, { after: decodeListCursor(page.cursor), limit: page.limit });
    const now = clock();
    return { endpoints: found.items.map((endpoint) => endpointView(endpoint, now)), pagination: paginationOf(found, page.limit) };
  }

  async function read(principal: Principal, id: string) {
    return endpointView(await owned(principal, id), clock());
  }

  async function update(principal: Principal, id: string, input: EndpointUpdate) {
    const current = await owned(principal, id);
    checkEvents(input.events);
    const now = clock();
    const patch: Parameters<WebhookRepository['updateEndpoint']>[1] = { updatedAt: now.toISOString() };
    if (input.url !== undefined) patch.url = checkEndpointUrl(input.url, policy);
    if (input.events !== undefined) patch.events = [...new Set(input.events)];
    if (input.description !== undefined) patch.description = input.description === '' ? null : input.description;
    if (input.enabled === true && !current.enabled) {
      // Enabling again starts a fresh failure clock; the old reason goes.
      Object.assign(patch, { enabled: true, disabledReason: null, disabledAt: null, failingSince: null });
    }
    if (input.enabled === false && current.enabled) {
      Object.assign(patch, { enabled: false, disabledReason: 'Disabled by its owner.', disabledAt: now.toISOString() });
    }
    const saved = await webhooks.updateEndpoint(id, patch);
    if (!saved) throw endpointNotFound(id);
    return endpointView(saved, now);
  }

  async function remove(principal: Principal, id: string) {
    await owned(principal, id);
    if (!(await webhooks.deleteEndpoint(id))) throw endpointNotFound(id);
    return { id, deleted: true as const };
  }

  async function rotateSecret(principal: Principal, id: string) {
    const current = await owned(principal, id);
    const now = clock();
    const secret = newSigningSecret();
    const expiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
    // The newest old secret overlaps; any older one is dropped (one rotation at a time signs twice).
    const previous = current.secrets.at(0);
    const saved = await webhooks.updateEndpoint(id, {
      secrets: [{ sealed: secrets.seal(secret, id), createdAt: now.toISOString() }, ...(previous ? [{ ...previous, expiresAt }] : [])],
      updatedAt: now.toISOString(),
    });
    if (!saved) throw endpointNotFound(id);
    return { ...endpointView(saved, now), secret };
  }

  async function sendTest(principal: Principal, id: string) {
    const endpoint = await owned(principal, id);
    if (!endpoint.enabled) throw new ConflictError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is disabled; enable it first (PATCH enabled: true)');
    const now = clock();
    const event = webhookEvent('webhook.test', principal, { endpointId: id, message: 'A test event sent from the API.' }, now, id);
    await webhooks.appendEvents([event]);
    const delivery = newDelivery(event, endpoint, now);
    await webhooks.fanOut(event.id, [delivery]);
    return { eventId: event.id, delivery: deliveryView(delivery) };
  }

  async function deliveries(principal: Principal, id: string, page: { limit: number; cursor?: string }) {
    await owned(principal, id);
    const found = await webhooks.pageDeliveries(id, { after: decodeListCursor(page.cursor), limit: page.limit });
    return { endpointId: id, deliveries: found.items.map(deliveryView), pagination: paginationOf(found, page.limit) };
  }

  async function retryDelivery(principal: Principal, id: string, deliveryId: string) {
    const endpoint = await owned(principal, id);
    const delivery = await webhooks.getDelivery(deliveryId);
    if (!delivery || delivery.endpointId !== id) throw new NotFoundError(`Delivery ${deliveryId} does not exist`, 'WEBHOOK_DELIVERY_NOT_FOUND');
    if (!endpoint.enabled) throw new ConflictError('WEBHOOK_ENDPOINT_DISABLED', 'The endpoint is disabled; enable it first (PATCH enabled: true)');
    const now = clock();
    if (delivery.status === 'delivering' && delivery.leaseUntil !== undefined && Date.parse(delivery.leaseUntil) > now.getTime()) {
      throw new ConflictError('WEBHOOK_DELIVERY_IN_PROGRESS', 'An attempt of this delivery is in progress; retry after it finished');
    }
    const { leaseUntil: _lease, ...rest } = delivery;
    const next: WebhookDelivery = { ...rest, status: 'pending', nextAttemptAt: now.toISOString(), version: delivery.version + 1, updatedAt: now.toISOString() };
    if (!(await webhooks.replaceDelivery(next, delivery.version))) {
      throw new ConflictError('WEBHOOK_DELIVERY_IN_PROGRESS', 'The delivery changed meanwhile; read it again and retry');
    }
    return deliveryView(next);
  }

  return { create, list, read, update, remove, rotateSecret, sendTest, deliveries, retryDelivery };
}

export type WebhookEndpointService = ReturnType<typeof createWebhookEndpointService>;

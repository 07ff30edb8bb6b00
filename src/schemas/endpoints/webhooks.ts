// Webhook endpoint management (issue 22): request bodies and queries.
import type { SchemaObject } from 'ajv';
import { ALL_EVENTS, SUBSCRIBABLE_EVENT_TYPES } from '../../domain/webhooks/eventTypes';
import { MAX_URL_LENGTH } from '../../domain/webhooks/endpointUrl';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { text } from '../parts/text';

const urlSchema: SchemaObject = {
  type: 'string',
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description:
    'Where events are POSTed. https only (plain http is accepted only for IP addresses the operator listed in WEBHOOK_ALLOWED_CIDRS, ' +
    'for local development). Loopback, private, link-local, multicast and cloud-metadata addresses are refused, here for IP literals ' +
    'and at every delivery for the addresses a host name resolves to.',
};

const eventsSchema: SchemaObject = {
  type: 'array',
  minItems: 1,
  maxItems: SUBSCRIBABLE_EVENT_TYPES.length,
  uniqueItems: true,
  items: { type: 'string', enum: [ALL_EVENTS, ...SUBSCRIBABLE_EVENT_TYPES] },
  description: 'Event types to receive, or ["*"] for all of them (including types added later).',
};

export const createWebhookEndpointBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['url', 'events'],
  properties: { url: urlSchema, events: eventsSchema, description: text(500, 0) },
};

export const updateWebhookEndpointBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    url: urlSchema,
    events: eventsSchema,
    description: { ...text(500, 0), description: 'An empty string removes it.' },
    enabled: { type: 'boolean', description: 'false stops deliveries; true enables again (after a 410 Gone or five failing days too).' },
  },
};

export const webhookPageQuerySchema: SchemaObject = cursorPageQuerySchema(100, 20);

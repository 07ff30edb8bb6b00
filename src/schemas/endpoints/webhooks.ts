// Webhook endpoint management: request bodies and queries.
import Type from 'typebox';
import { ALL_EVENTS, SUBSCRIBABLE_EVENT_TYPES } from '../../domain/webhooks/eventTypes';
import { MAX_URL_LENGTH } from '../../domain/webhooks/endpointUrl';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

const urlSchema = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  description:
    'Where events are POSTed. https only (plain http is accepted only for IP addresses the operator listed in WEBHOOK_ALLOWED_CIDRS, ' +
    'for local development). Loopback, private, link-local, multicast and cloud-metadata addresses are refused, here for IP literals ' +
    'and at every delivery for the addresses a host name resolves to.',
});

const eventsSchema = Type.Array(stringEnum([ALL_EVENTS, ...SUBSCRIBABLE_EVENT_TYPES]), {
  minItems: 1,
  maxItems: SUBSCRIBABLE_EVENT_TYPES.length,
  uniqueItems: true,
  description: 'Event types to receive, or ["*"] for all of them (including types added later).',
});

export const createWebhookEndpointBodySchema = Type.Object(
  { url: urlSchema, events: eventsSchema, description: Type.Optional(text(500, 0)) },
  { additionalProperties: false },
);

export const updateWebhookEndpointBodySchema = Type.Object(
  {
    url: Type.Optional(urlSchema),
    events: Type.Optional(eventsSchema),
    description: Type.Optional({ ...text(500, 0), description: 'An empty string removes it.' }),
    enabled: Type.Optional(Type.Boolean({ description: 'false stops deliveries; true enables again (after a 410 Gone or five failing days too).' })),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const webhookPageQuerySchema = cursorPageQuerySchema(100, 20);

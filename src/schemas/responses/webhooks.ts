// Webhook endpoint management answers (issue 22): an endpoint as its owner reads it, the one-time
// secret of create and rotate, the delivery log. Shapes of services/webhooks/webhookEndpointService.ts.
import type { SchemaObject } from 'ajv';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const endpointProperties = {
  id: { type: 'string', description: 'we_<id>' },
  url: { type: 'string' },
  events: { type: 'array', items: { type: 'string' }, description: 'Event types, or ["*"] for all.' },
  description: { type: 'string', description: 'Empty when none was given.' },
  enabled: { type: 'boolean' },
  disabledReason: { type: 'string', description: 'Why deliveries stopped: by its owner, a 410 Gone answer, or five days of failures.' },
  disabledAt: timestampSchema,
  failingSince: { ...timestampSchema, description: 'First failed attempt since the last delivered one; five days of it disable the endpoint.' },
  environment: { type: 'string', enum: ['live', 'test'] },
  secretCreatedAt: timestampSchema,
  previousSecretExpiresAt: { ...timestampSchema, description: 'After a rotation: until then the previous secret signs too.' },
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};
const endpointRequired = ['id', 'url', 'events', 'description', 'enabled', 'environment', 'createdAt', 'updatedAt'];

export const webhookEndpointSchema: SchemaObject = { type: 'object', required: endpointRequired, properties: endpointProperties };

export const webhookEndpointWithSecretSchema: SchemaObject = {
  type: 'object',
  required: [...endpointRequired, 'secret'],
  properties: {
    ...endpointProperties,
    secret: { type: 'string', description: 'whsec_...: the Standard Webhooks signing secret. Shown here only, once; store it.' },
  },
};

export const webhookEndpointListSchema: SchemaObject = {
  type: 'object',
  required: ['endpoints', 'pagination'],
  properties: { endpoints: { type: 'array', items: webhookEndpointSchema }, pagination: cursorPaginationSchema },
};

const attemptSchema: SchemaObject = {
  type: 'object',
  required: ['at', 'latencyMs'],
  properties: {
    at: timestampSchema,
    responseStatus: { type: 'integer', description: 'The receiver\'s HTTP status; absent when no answer came.' },
    latencyMs: { type: 'integer' },
    error: { type: 'string', description: 'Why the attempt failed, in words (never the receiver\'s body).' },
  },
};

export const webhookDeliverySchema: SchemaObject = {
  type: 'object',
  required: ['id', 'endpointId', 'eventId', 'eventType', 'status', 'attempts', 'attemptLog', 'createdAt', 'updatedAt'],
  properties: {
    id: { type: 'string', description: 'whd_<id>' },
    endpointId: { type: 'string' },
    eventId: { type: 'string', description: 'msg_<id>: the webhook-id header of every attempt.' },
    eventType: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'delivering', 'delivered', 'failed'] },
    attempts: { type: 'integer', description: 'Attempts made so far.' },
    lastAttemptAt: timestampSchema,
    responseStatus: { type: 'integer', description: 'Of the last attempt, when the receiver answered.' },
    latencyMs: { type: 'integer', description: 'Of the last attempt.' },
    lastError: { type: 'string' },
    nextAttemptAt: { ...timestampSchema, description: 'While pending: when the next attempt is due.' },
    attemptLog: { type: 'array', items: attemptSchema, description: 'Every attempt, oldest first.' },
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  },
};

export const webhookDeliveryListSchema: SchemaObject = {
  type: 'object',
  required: ['endpointId', 'deliveries', 'pagination'],
  properties: { endpointId: { type: 'string' }, deliveries: { type: 'array', items: webhookDeliverySchema, description: 'Newest first.' }, pagination: cursorPaginationSchema },
};

export const webhookTestSentSchema: SchemaObject = {
  type: 'object',
  required: ['eventId', 'delivery'],
  properties: { eventId: { type: 'string' }, delivery: webhookDeliverySchema },
};

// Webhook endpoint management answers: an endpoint as its owner reads it, the one-time
// secret of create and rotate, the delivery log. Shapes of services/webhooks/webhookEndpointService.ts.
import Type from 'typebox';
import { stringEnum } from '../parts/stringEnum';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const endpointProperties = {
  id: Type.String({ description: 'we_<id>' }),
  url: Type.String(),
  events: Type.Array(Type.String(), { description: 'Event types, or ["*"] for all.' }),
  description: Type.String({ description: 'Empty when none was given.' }),
  enabled: Type.Boolean(),
  disabledReason: Type.Optional(Type.String({ description: 'Why deliveries stopped: by its owner, a 410 Gone answer, or five days of failures.' })),
  disabledAt: Type.Optional(timestampSchema),
  failingSince: Type.Optional({ ...timestampSchema, description: 'First failed attempt since the last delivered one; five days of it disable the endpoint.' }),
  environment: stringEnum(['live', 'test']),
  secretCreatedAt: Type.Optional(timestampSchema),
  previousSecretExpiresAt: Type.Optional({ ...timestampSchema, description: 'After a rotation: until then the previous secret signs too.' }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
};

export const webhookEndpointSchema = Type.Object(endpointProperties);

export const webhookEndpointWithSecretSchema = Type.Object({
  ...endpointProperties,
  secret: Type.String({ description: 'whsec_...: the Standard Webhooks signing secret. Shown here only, once; store it.' }),
});

export const webhookEndpointListSchema = Type.Object({ endpoints: Type.Array(webhookEndpointSchema), pagination: cursorPaginationSchema });

const attemptSchema = Type.Object({
  at: timestampSchema,
  responseStatus: Type.Optional(Type.Integer({ description: 'The receiver\'s HTTP status; absent when no answer came.' })),
  latencyMs: Type.Integer(),
  error: Type.Optional(Type.String({ description: 'Why the attempt failed, in words (never the receiver\'s body).' })),
});

export const webhookDeliverySchema = Type.Object({
  id: Type.String({ description: 'whd_<id>' }),
  endpointId: Type.String(),
  eventId: Type.String({ description: 'msg_<id>: the webhook-id header of every attempt.' }),
  eventType: Type.String(),
  status: stringEnum(['pending', 'delivering', 'delivered', 'failed']),
  attempts: Type.Integer({ description: 'Attempts made so far.' }),
  lastAttemptAt: Type.Optional(timestampSchema),
  responseStatus: Type.Optional(Type.Integer({ description: 'Of the last attempt, when the receiver answered.' })),
  latencyMs: Type.Optional(Type.Integer({ description: 'Of the last attempt.' })),
  lastError: Type.Optional(Type.String()),
  nextAttemptAt: Type.Optional({ ...timestampSchema, description: 'While pending: when the next attempt is due.' }),
  attemptLog: Type.Array(attemptSchema, { description: 'Every attempt, oldest first.' }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

export const webhookDeliveryListSchema = Type.Object({
  endpointId: Type.String(),
  deliveries: Type.Array(webhookDeliverySchema, { description: 'Newest first.' }),
  pagination: cursorPaginationSchema,
});

export const webhookTestSentSchema = Type.Object({ eventId: Type.String(), delivery: webhookDeliverySchema });

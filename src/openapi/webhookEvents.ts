// The webhook event catalogue as OpenAPI 3.1 `webhooks`: one entry per event type,
// the request the service POSTs to a subscribed URL. `data` is the resource as the API returns it
// (the same component schemas as the REST answers), so the catalogue and the deliveries cannot
// drift apart; test/http/webhookEvents.test.ts checks real deliveries against these schemas.
import { EMITTED_EVENT_TYPES } from '../domain/webhooks/eventTypes';
import { ref } from './components';

type EmittedType = (typeof EMITTED_EVENT_TYPES)[number];

const DELETED = {
  type: 'object',
  required: ['id', 'deleted', 'deletedAt'],
  properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true }, deletedAt: { type: 'string', format: 'date-time' } },
};

const TEST_DATA = {
  type: 'object',
  required: ['endpointId', 'message'],
  properties: { endpointId: { type: 'string' }, message: { type: 'string' } },
};

const EVENTS: Record<EmittedType, { data: Record<string, unknown>; when: string }> = {
  'profile.created': { data: ref('schemas', 'Profile'), when: 'A business profile was created (as a draft or published).' },
  'profile.updated': { data: ref('schemas', 'Profile'), when: 'A stored change of a profile: fields, services, hours, media, status.' },
  'profile.published': { data: ref('schemas', 'Profile'), when: 'A profile\'s status became published (sent beside profile.updated).' },
  'profile.deleted': { data: DELETED, when: 'A profile was deleted; data holds its id and when.' },
  'verification.requested': { data: ref('schemas', 'Verification'), when: 'Verification was requested for a profile.' },
  'verification.approved': { data: ref('schemas', 'Verification'), when: 'A verification request was approved.' },
  'verification.rejected': { data: ref('schemas', 'Verification'), when: 'A verification request was rejected (or closed because its profile was deleted).' },
  'media.uploaded': { data: ref('schemas', 'MediaUploaded'), when: 'A photo, video or logo was uploaded to a profile.' },
  'review.submitted': { data: ref('schemas', 'Review'), when: 'Someone reviewed one of your businesses; data is the review as you read it.' },
  'review.updated': { data: ref('schemas', 'Review'), when: 'A review of your business was edited, replied to, hidden or restored by moderation.' },
  'booking.created': { data: ref('schemas', 'Booking'), when: 'A booking of one of your services was made; data includes the customer\'s contact.' },
  'booking.updated': {
    data: ref('schemas', 'Booking'),
    when: 'A booking changed status (confirmed, declined, cancelled, expired, completed, no_show); also when its payment confirms it or its hold runs out unpaid (expired).',
  },
  'payment.processed': {
    data: ref('schemas', 'PaymentEvent'),
    when: 'Money came in: a customer paid a booking of one of your businesses (sent beside booking.updated as it confirms the booking), or your account paid for its plan.',
  },
  'payment.failed': {
    data: ref('schemas', 'PaymentEvent'),
    when: 'A payment attempt was refused (the checkout may still be paid before its hold ends), or the checkout closed unpaid (status canceled).',
  },
  'payment.refunded': { data: ref('schemas', 'PaymentEvent'), when: 'A refund of a payment went through (its refunds list has it with status succeeded).' },
  'webhook.test': { data: TEST_DATA, when: 'Sent by POST /webhooks/endpoints/{endpointId}/test, to that endpoint only.' },
};

const HEADERS = [
  { name: 'webhook-id', description: 'The event id: the same on every attempt, so de-duplicate on it.' },
  { name: 'webhook-timestamp', description: 'Unix seconds of this attempt; refuse old ones (the standardwebhooks verifier does).' },
  { name: 'webhook-signature', description: 'Space-separated v1,<base64 HMAC-SHA256 of id.timestamp.body>; two during a secret rotation.' },
].map(({ name, description }) => ({ name, in: 'header', required: true, description, schema: { type: 'string' } }));

const ANSWERS = {
  '2XX': { description: 'Delivered: no further attempt.' },
  '410': { description: 'Gone: the endpoint is disabled at once.' },
  default: { description: 'Anything else, or no answer within 15 s: attempted again on the retry schedule (about three days).' },
};

function delivery(type: string, data: Record<string, unknown>, description: string) {
  const payload = {
    type: 'object',
    required: ['type', 'timestamp', 'data'],
    properties: { type: { type: 'string', const: type }, timestamp: { type: 'string', format: 'date-time' }, data },
  };
  return {
    post: {
      operationId: `${type.replace(/\.(\w)/g, (_, letter: string) => letter.toUpperCase())}Event`,
      tags: ['Webhooks'],
      summary: type,
      description: `${description} Signed per Standard Webhooks; delivered at least once, in no promised order.`,
      parameters: HEADERS,
      requestBody: { required: true, content: { 'application/json': { schema: payload } } },
      responses: ANSWERS,
    },
  };
}

export function webhookEventDocs(): Record<string, unknown> {
  return Object.fromEntries(EMITTED_EVENT_TYPES.map((type) => [type, delivery(type, EVENTS[type].data, EVENTS[type].when)]));
}

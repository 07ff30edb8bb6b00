// The webhook event catalogue. Names are `resource.action`, as Standard Webhooks
// suggests. Every emitted type but webhook.test is stored with the write that caused it
// (services/webhooks/webhookEvents.ts builds them). Payments send payment.processed,
// payment.failed and payment.refunded.
export const EMITTED_EVENT_TYPES = [
  'profile.created',
  'profile.updated',
  'profile.published',
  'profile.deleted',
  'verification.requested',
  'verification.approved',
  'verification.rejected',
  'media.uploaded',
  'review.submitted',
  'review.updated',
  'booking.created',
  'booking.updated',
  'payment.processed',
  'payment.failed',
  'payment.refunded',
  'webhook.test',
] as const;

export type WebhookEventType = (typeof EMITTED_EVENT_TYPES)[number];

/** What a subscription may list: every catalogued name. */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = [...EMITTED_EVENT_TYPES];

/** `*` subscribes to every type, present and future. */
export const ALL_EVENTS = '*';

export function subscribesTo(events: readonly string[], type: string): boolean {
  return events.includes(ALL_EVENTS) || events.includes(type);
}

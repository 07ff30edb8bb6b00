// Builds the outbox events of a change, before it is stored, so the repository can store them
// in the same write. Payload per Standard Webhooks: {type, timestamp, data}, where data is the
// resource as the API returns it (for a deletion: its id and when it was deleted).
import type { Booking } from '../../domain/bookings/booking';
import { newId } from '../../domain/ids';
import type { MediaRecord } from '../../domain/media';
import type { BusinessProfile, Environment } from '../../domain/profile';
import type { Review } from '../../domain/reviews/review';
import type { VerificationRequest } from '../../domain/verification';
import type { WebhookEventType } from '../../domain/webhooks/eventTypes';
import type { WebhookEvent } from '../../domain/webhooks/webhookRecords';
import { presentProfile } from '../../presenters/profilePresenter';
import { presentBooking } from '../bookings/bookingPresenter';
import { presentReview } from '../reviews/reviewPresenter';
import type { Payment } from '../../domain/payments/payment';
import { presentPayment } from '../payments/paymentPresenter';

/** One event for the account's subscriptions of one environment. */
export function webhookEvent(
  type: WebhookEventType,
  owner: { accountId: string; environment: Environment },
  data: unknown,
  at: Date,
  endpointId?: string,
): WebhookEvent {
  const timestamp = at.toISOString();
  return {
    id: newId('msg'),
    type,
    accountId: owner.accountId,
    environment: owner.environment,
    payload: JSON.stringify({ type, timestamp, data }),
    createdAt: timestamp,
    ...(endpointId !== undefined && { endpointId }),
  };
}

const ownerOf = (profile: BusinessProfile) => ({ accountId: profile.ownerId, environment: profile.environment });

/**
 * profile.created for a new profile; for a stored change profile.deleted, or profile.updated
 * plus profile.published when the status moved to published.
 */
export function profileEvents(before: BusinessProfile | null, after: BusinessProfile, at: Date): WebhookEvent[] {
  if (!before) return [webhookEvent('profile.created', ownerOf(after), presentProfile(after), at)];
  if (after.deletedAt !== undefined && before.deletedAt === undefined) {
    return [webhookEvent('profile.deleted', ownerOf(after), { id: after.id, deleted: true, deletedAt: after.deletedAt }, at)];
  }
  const events = [webhookEvent('profile.updated', ownerOf(after), presentProfile(after), at)];
  if (after.status === 'published' && before.status !== 'published') {
    events.push(webhookEvent('profile.published', ownerOf(after), presentProfile(after), at));
  }
  return events;
}

/** verification.requested / approved / rejected, with the request as GET .../verification shows it. */
export function verificationEvent(request: VerificationRequest, view: unknown, at: Date): WebhookEvent {
  const type = request.status === 'pending' ? 'verification.requested' : request.status === 'approved' ? 'verification.approved' : 'verification.rejected';
  return webhookEvent(type, { accountId: request.accountId, environment: request.environment }, view, at);
}

export function mediaUploadedEvent(record: MediaRecord, view: unknown, at: Date): WebhookEvent {
  return webhookEvent('media.uploaded', { accountId: record.ownerId, environment: record.environment }, view, at);
}

/** review.submitted / review.updated for the reviewed business's owner, with the review as that owner reads it. */
export function reviewEvent(type: 'review.submitted' | 'review.updated', business: BusinessProfile, review: Review, at: Date): WebhookEvent {
  const data = presentReview(review, { accountId: business.ownerId, admin: false, owner: true });
  return webhookEvent(type, ownerOf(business), data, at);
}

/** booking.created / booking.updated for the business's owner, with the booking as GET /v1/bookings/{id} shows it (customer contact included). */
export function bookingEvent(type: 'booking.created' | 'booking.updated', business: BusinessProfile, booking: Booking, at: Date): WebhookEvent {
  return webhookEvent(type, ownerOf(business), presentBooking(booking), at);
}

/**
 * payment.processed / payment.failed / payment.refunded for the account whose records hold the
 * payment (a booking's business owner, or the account paying for its plan), with the booking it
 * pays for as that owner reads it.
 */
export function paymentEvent(type: 'payment.processed' | 'payment.failed' | 'payment.refunded', payment: Payment, booking: Booking | null, at: Date): WebhookEvent {
  return webhookEvent(type, { accountId: payment.accountId, environment: payment.environment }, { ...presentPayment(payment), booking: booking ? presentBooking(booking) : null }, at);
}

// A payment: money a customer pays a business for a booking, or an account pays the
// service for its plan, through the provider. Amounts are integers in the currency's minor unit.
// Its status only moves forward, whatever order the provider's events arrive in:
//   pending -> failed (an attempt was refused; the checkout stays open) -> succeeded | canceled
//   pending -> succeeded | canceled
// A succeeded payment never becomes failed or canceled again (a late failure event changes
// nothing); refunds are recorded on it, each with its own state.
import type { Plan } from '../account';
import type { Environment } from '../profile';
import type { ProviderMode, RefundState } from './providerEvent';

export const PAYMENT_STATUSES = ['pending', 'failed', 'succeeded', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_PURPOSES = ['booking', 'plan'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

/**
 * Why money went back: the customer cancelled before the cut-off, the business cancelled, it came
 * for a booking already released, or someone refunded it at the provider itself (its dashboard).
 */
export const REFUND_REASONS = ['customer_cancelled', 'business_cancelled', 'booking_released', 'made_at_provider'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export interface Refund {
  id: string; // rfd_
  /** Minor units. */
  amount: number;
  reason: RefundReason;
  state: RefundState;
  providerRefundId?: string;
  createdAt: string;
  updatedAt: string;
}

export interface Payment {
  id: string; // pay_
  environment: Environment;
  /** The provider's mode it moved in; events of the other mode never touch it. */
  mode: ProviderMode;
  provider: string;
  purpose: PaymentPurpose;
  /** The account whose records list it: the business's owner (bookings) or the account buying its plan. */
  accountId: string;
  /** The account that pays: the one that booked, or the plan's account. */
  payerAccountId: string;
  businessId?: string;
  bookingId?: string;
  plan?: Plan;
  /** Minor units of `currency` (ISO 4217, upper case). */
  amount: number;
  currency: string;
  /** The platform's cut, minor units (0: none). */
  applicationFee: number;
  status: PaymentStatus;
  /** The last refusal's reason, in the provider's words (a declined card) or ours (checkout expired). */
  failureReason?: string;
  /** The business's connected account the charge was made on. */
  providerAccountId?: string;
  checkoutSessionId?: string;
  paymentIntentId?: string;
  invoiceId?: string;
  subscriptionId?: string;
  refunds: Refund[];
  /** The consumer journey of the booking, for attribution. */
  journeyId?: string;
  succeededAt?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** Minor units refunded or on their way back (failed and canceled refunds do not count). */
export function refundedAmount(payment: Pick<Payment, 'refunds'>): number {
  return payment.refunds.filter((refund) => refund.state === 'pending' || refund.state === 'succeeded').reduce((sum, refund) => sum + refund.amount, 0);
}

/** The next version of a payment, stamped. */
export function revisedPayment(payment: Payment, changes: Partial<Payment>, at: string): Payment {
  return { ...payment, ...changes, version: payment.version + 1, updatedAt: at };
}

/** The payment after its money came in, or null when that changes nothing (already succeeded). */
export function paymentSucceeded(payment: Payment, facts: { paymentIntentId?: string; at: string }): Payment | null {
  if (payment.status === 'succeeded') {
    if (facts.paymentIntentId && !payment.paymentIntentId) return revisedPayment(payment, { paymentIntentId: facts.paymentIntentId }, facts.at);
    return null;
  }
  // An earlier refused attempt's reason no longer describes it.
  const { failureReason: _earlier, ...rest } = payment;
  return revisedPayment(rest, { status: 'succeeded', succeededAt: facts.at, ...(facts.paymentIntentId && { paymentIntentId: facts.paymentIntentId }) }, facts.at);
}

/** A refused attempt: recorded unless the payment already succeeded or ended. */
export function paymentFailed(payment: Payment, facts: { reason: string; paymentIntentId?: string; at: string }): Payment | null {
  if (payment.status === 'succeeded' || payment.status === 'canceled') return null;
  return revisedPayment(payment, { status: 'failed', failureReason: facts.reason, ...(facts.paymentIntentId && !payment.paymentIntentId && { paymentIntentId: facts.paymentIntentId }) }, facts.at);
}

/** The checkout closed unpaid (expired, or the booking was released): final unless it had succeeded. */
export function paymentCanceled(payment: Payment, facts: { reason: string; at: string }): Payment | null {
  if (payment.status === 'succeeded' || payment.status === 'canceled') return null;
  return revisedPayment(payment, { status: 'canceled', failureReason: facts.reason }, facts.at);
}

/**
 * A refund the provider reported (by its id): added when new, its state updated when it moved on.
 * Null when nothing changes. `reason` applies to a refund not recorded yet.
 */
export function withRefund(payment: Payment, refund: { providerRefundId: string; amount: number; state: RefundState; reason: RefundReason; id: string }, at: string): Payment | null {
  const known = payment.refunds.find((existing) => existing.providerRefundId === refund.providerRefundId);
  if (known) {
    if (known.state === refund.state || known.state === 'succeeded' || known.state === 'failed' || known.state === 'canceled') return null;
    const refunds = payment.refunds.map((existing) => (existing === known ? { ...existing, state: refund.state, updatedAt: at } : existing));
    return revisedPayment(payment, { refunds }, at);
  }
  const added: Refund = { id: refund.id, amount: refund.amount, reason: refund.reason, state: refund.state, providerRefundId: refund.providerRefundId, createdAt: at, updatedAt: at };
  return revisedPayment(payment, { refunds: [...payment.refunds, added] }, at);
}

// What a booking of a service that takes payment must be paid, and its refund rule.
// The service states it: `payment.required` none, deposit (a fixed amount) or full (its fixed
// price), and `payment.refundCutoffHours`: a customer who cancels at least that long before the
// start gets everything back, later nothing. A business that cancels always refunds in full, and a
// payment that arrives for a booking already released goes back in full.
import type { RefundReason } from '../payments/payment';
import { minorUnitIssue } from '../money';
import type { Service } from '../profile';
import type { PaymentRequirement } from '../servicePayment';

export interface BookingRefund {
  /** Minor units. */
  amount: number;
  reason: RefundReason;
  /** due: decided, not sent to the provider yet; requested: the provider took it (its outcome is on the payment). */
  state: 'due' | 'requested';
}

export interface BookingPayment {
  paymentId: string;
  required: Exclude<PaymentRequirement, 'none'>;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** Unpaid at this instant, the booking is released (expired). */
  holdExpiresAt: string;
  /** A customer's cancellation up to this instant is refunded in full; later, nothing. */
  refundableUntil: string;
  /** Where the customer pays, while the booking awaits payment. */
  checkoutUrl?: string;
  paidAt?: string;
  refund?: BookingRefund;
}

/** What a cancellation at `at` by `actor` gives back of a paid booking, in minor units (0: nothing). */
export function refundOnCancellation(payment: BookingPayment, actor: 'business' | 'customer', at: Date): { amount: number; reason: RefundReason } | null {
  if (!payment.paidAt) return null;
  if (actor === 'business') return { amount: payment.amount, reason: 'business_cancelled' };
  return at.getTime() <= Date.parse(payment.refundableUntil) ? { amount: payment.amount, reason: 'customer_cancelled' } : null;
}

/** What booking `service` must pay now in major units of its currency, or null when it takes no payment. */
export function amountDue(service: Pick<Service, 'pricing' | 'payment'>): { amount: number; currency: string } | null {
  const payment = service.payment;
  if (!payment || payment.required === 'none' || !service.pricing) return null;
  if (payment.required === 'deposit') return payment.depositAmount !== undefined ? { amount: payment.depositAmount, currency: service.pricing.currency } : null;
  return service.pricing.type === 'fixed' ? { amount: service.pricing.amount, currency: service.pricing.currency } : null;
}

/** Why a service's payment rule cannot work with its other fields, naming the field; undefined when it can. */
export function servicePaymentIssue(service: Pick<Service, 'pricing' | 'payment' | 'bookable' | 'requiresQuote'>): { field: string; issue: string } | undefined {
  const payment = service.payment;
  if (!payment || payment.required === 'none') return undefined;
  if (!service.bookable) return { field: 'payment.required', issue: 'needs a bookable service (bookable: true)' };
  if (service.requiresQuote) return { field: 'payment.required', issue: 'cannot be asked of a service priced by quote' };
  if (!service.pricing) return { field: 'pricing', issue: `is required when payment.required is ${payment.required}: it names the currency` };
  if (payment.required === 'full') {
    if (service.pricing.type !== 'fixed' || service.pricing.amount <= 0) return { field: 'pricing', issue: 'must be a fixed price above 0 when payment.required is full' };
    return payment.depositAmount !== undefined ? { field: 'payment.depositAmount', issue: 'is only for payment.required deposit' } : undefined;
  }
  if (payment.depositAmount === undefined || payment.depositAmount <= 0) return { field: 'payment.depositAmount', issue: 'is required and above 0 when payment.required is deposit' };
  const precision = minorUnitIssue(payment.depositAmount, service.pricing.currency);
  if (precision) return { field: 'payment.depositAmount', issue: precision };
  if (service.pricing.type === 'fixed' && payment.depositAmount > service.pricing.amount) return { field: 'payment.depositAmount', issue: 'must not be above the fixed price' };
  return undefined;
}

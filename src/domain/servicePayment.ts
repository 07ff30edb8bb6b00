// Whether booking a service takes payment, as its owner states it on the service:
// `required` none, deposit (a fixed amount, major units of the service's pricing currency) or
// full (its fixed price), and `refundCutoffHours`: a customer who cancels at least that long
// before the start gets everything back, later nothing.

export const PAYMENT_REQUIREMENTS = ['none', 'deposit', 'full'] as const;
export type PaymentRequirement = (typeof PAYMENT_REQUIREMENTS)[number];

export const DEFAULT_REFUND_CUTOFF_HOURS = 24;

/** A service's payment rule, as its owner states it; amounts in major units of the pricing's currency. */
export interface ServicePayment {
  required: PaymentRequirement;
  /** deposit only: what is paid at booking. */
  depositAmount?: number;
  /** Hours before the start up to which a customer's cancellation is refunded in full (the API defaults it to 24). */
  refundCutoffHours: number;
}


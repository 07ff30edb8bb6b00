// Payment responses: payments and their refunds, a business's payment account and its
// onboarding link, checkouts, the billing portal. Amounts are in major units of their currency
// (12.5 EUR), like every amount of the API; the provider counts in minor units behind it.
import Type, { type TSchema, type TUnsafe } from 'typebox';
import { PLANS } from '../../domain/account';
import { PAYMENT_PURPOSES, PAYMENT_STATUSES, REFUND_REASONS } from '../../domain/payments/payment';
import { PAYMENT_ACCOUNT_STATUSES } from '../../domain/payments/paymentAccount';
import { stringEnum } from '../parts/stringEnum';
import { bookingRecordSchema } from './bookings';
import { timestampSchema } from './common';
import { cursorPaginationSchema } from './lists';

const money = (description: string) => Type.Number({ minimum: 0, description: `${description} Major units of currency (12.5 = 12.50).` });
const nullableString = (description: string) => Type.Unsafe<string | null>({ type: ['string', 'null'], description });
/** `schema`, or null: one JSON Schema with both types, so every client reads it as one optional field. */
const orNull = <Schema extends TSchema>(schema: Schema, description: string): TUnsafe<Type.Static<Schema> | null> =>
  Type.Unsafe<Type.Static<Schema> | null>({ anyOf: [schema, { type: 'null' }], description });

export const refundRecordSchema = Type.Object({
  id: Type.String({ description: 'rfd_<id>' }),
  amount: money('What goes back.'),
  reason: stringEnum(REFUND_REASONS, {
    description:
      'customer_cancelled: cancelled by the customer before the service\'s refund cut-off; business_cancelled: cancelled by the business ' +
      '(always in full); booking_released: the payment came in after the booking was released (its hold ran out or it was cancelled); ' +
      'made_at_provider: refunded at the payment provider itself (its dashboard).',
  }),
  status: stringEnum(['pending', 'succeeded', 'failed', 'canceled'], { description: 'As the payment provider reports it.' }),
  providerReference: nullableString('The provider\'s id of the refund (Stripe: re_...).'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});

const paymentProperties = {
  id: Type.String({ description: 'pay_<id>' }),
  purpose: stringEnum(PAYMENT_PURPOSES, { description: 'booking: a customer paying a business for a booking; plan: an account paying for its plan.' }),
  status: stringEnum(PAYMENT_STATUSES, {
    description:
      'pending: checkout open; failed: an attempt was refused (the checkout may still be paid); succeeded: the money came in; ' +
      'canceled: the checkout closed unpaid (its hold ran out, or the booking was cancelled). Only moves forward: a late failure ' +
      'notice never undoes a success.',
  }),
  amount: money('What is paid.'),
  currency: Type.String({ description: 'ISO 4217, upper case.' }),
  applicationFee: money('The platform\'s cut (PAYMENT_APPLICATION_FEE_PERCENT); the business receives amount minus it (and the provider\'s own fees).'),
  amountRefunded: money('Refunded or on its way back.'),
  businessId: nullableString('The business paid (bookings).'),
  bookingId: nullableString('The booking paid for.'),
  plan: Type.Unsafe<(typeof PLANS)[number] | null>({ type: ['string', 'null'], enum: [...PLANS, null], description: 'The plan paid for.' }),
  failureReason: nullableString('Why the last attempt failed or the checkout closed unpaid.'),
  provider: Type.String({ description: 'stripe' }),
  providerReference: nullableString(
    'The provider\'s id of the payment: its payment intent (pi_...) once known, else its checkout session (cs_...), or a plan\'s invoice (in_...).',
  ),
  livemode: Type.Boolean({ description: 'Made with a live provider key (real money); false in the provider\'s test mode.' }),
  refunds: Type.Array(refundRecordSchema, { description: 'Oldest first.' }),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  succeededAt: Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time', description: 'ISO 8601, UTC.' }),
};

export const paymentRecordSchema = Type.Object(paymentProperties);

export const paymentListSchema = Type.Object({ payments: Type.Array(paymentRecordSchema, { description: 'Newest first.' }), pagination: cursorPaginationSchema });

/** What payment.processed, payment.failed and payment.refunded carry: the payment, and the booking it pays for as its owner reads it. */
export const paymentEventSchema = Type.Object({ ...paymentProperties, booking: orNull(bookingRecordSchema, 'The booking paid for (null for a plan).') });

export const paymentAccountSchema = Type.Object({
  businessId: Type.String(),
  status: stringEnum(PAYMENT_ACCOUNT_STATUSES, {
    description: 'not_connected: onboarding never started; pending: the provider still needs details or has not enabled charges; ready: it takes payments.',
  }),
  chargesEnabled: Type.Boolean(),
  payoutsEnabled: Type.Boolean(),
  requirementsDue: Type.Array(Type.String(), { description: 'What the provider still asks for, in its own field names.' }),
  provider: Type.String({ description: 'stripe' }),
  livemode: Type.Boolean(),
  onboardingUrl: Type.Optional(Type.String({ format: 'uri', description: 'POST only: where the owner continues onboarding (a one-time link).' })),
  onboardingUrlExpiresAt: Type.Optional(timestampSchema),
});

export const checkoutSchema = Type.Object({
  url: Type.String({ format: 'uri', description: 'Where the payment is made (the provider\'s hosted checkout page).' }),
  expiresAt: timestampSchema,
});

export const billingPortalSchema = Type.Object({
  url: Type.String({ format: 'uri', description: 'The provider\'s page where the account changes or cancels its plan and reads its invoices.' }),
});

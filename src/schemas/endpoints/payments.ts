// Payments: a business's payment onboarding, plan checkout and billing portal, and the
// payment lists' filters.
import Type from 'typebox';
import { PAYMENT_PURPOSES, PAYMENT_STATUSES } from '../../domain/payments/payment';
import { cursorSchema } from '../parts/cursorPaging';
import { businessIdSchema } from '../parts/ids';
import { limitSchema } from '../parts/paging';
import { stringEnum } from '../parts/stringEnum';

/** Where the payment provider sends a person back to: an absolute http(s) URL (the provider may insist on https with live keys). */
export const returnUrlSchema = Type.String({
  maxLength: 2048,
  format: 'uri',
  pattern: '^https?://[^/?#\\s]+',
  'x-issue': 'must be an absolute http or https URL',
});

const returnUrl = (description: string) => Type.Optional(Type.String({ ...returnUrlSchema, description }));

export const paymentAccountBodySchema = Type.Object(
  {
    returnUrl: returnUrl('Where the provider sends the owner after its form; default this server\'s dashboard.'),
    refreshUrl: returnUrl('Where the provider sends the owner when the link expired or was used (ask for a new one there); default the dashboard.'),
  },
  { additionalProperties: false },
);

export const PAID_PLANS = ['professional', 'enterprise'] as const;

export const planCheckoutBodySchema = Type.Object(
  {
    plan: stringEnum(PAID_PLANS, { description: 'The paid plan to subscribe to.' }),
    successUrl: returnUrl('Where the provider sends the person after paying; default the dashboard.'),
    cancelUrl: returnUrl('Where the provider sends the person who gives up; default the dashboard.'),
  },
  { additionalProperties: false },
);

export const billingPortalBodySchema = Type.Object(
  { returnUrl: returnUrl('Where the portal\'s back link goes; default the dashboard.') },
  { additionalProperties: false },
);

const listFilters = {
  status: Type.Optional(stringEnum(PAYMENT_STATUSES)),
  purpose: Type.Optional(stringEnum(PAYMENT_PURPOSES)),
  limit: limitSchema(100, 20),
  cursor: Type.Optional(cursorSchema),
};

/** GET /business/profile/{businessId}/payments. */
export const businessPaymentListQuerySchema = Type.Object(listFilters, { additionalProperties: false });

/** GET /payments and GET /admin/payments: also by business. */
export const paymentListQuerySchema = Type.Object({ ...listFilters, businessId: Type.Optional(businessIdSchema) }, { additionalProperties: false });

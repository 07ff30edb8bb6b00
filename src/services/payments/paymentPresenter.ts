// The API shape of payments and payment accounts: amounts in major units of their
// currency, like every amount of the API; the provider's reference the most useful one it has.
import { fromMinorUnits } from '../../domain/money';
import { refundedAmount, type Payment } from '../../domain/payments/payment';
import { type PaymentAccount, paymentAccountStatus } from '../../domain/payments/paymentAccount';

export function presentPayment(payment: Payment) {
  const major = (amount: number) => fromMinorUnits(amount, payment.currency);
  return {
    id: payment.id,
    purpose: payment.purpose,
    status: payment.status,
    amount: major(payment.amount),
    currency: payment.currency,
    applicationFee: major(payment.applicationFee),
    amountRefunded: major(refundedAmount(payment)),
    businessId: payment.businessId ?? null,
    bookingId: payment.bookingId ?? null,
    plan: payment.plan ?? null,
    failureReason: payment.failureReason ?? null,
    provider: payment.provider,
    providerReference: payment.paymentIntentId ?? payment.invoiceId ?? payment.checkoutSessionId ?? null,
    livemode: payment.mode === 'live',
    refunds: payment.refunds.map((refund) => ({
      id: refund.id,
      amount: major(refund.amount),
      reason: refund.reason,
      status: refund.state,
      providerReference: refund.providerRefundId ?? null,
      createdAt: refund.createdAt,
      updatedAt: refund.updatedAt,
    })),
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
    succeededAt: payment.succeededAt ?? null,
  };
}

export function presentPaymentAccount(businessId: string, account: PaymentAccount | null, provider: string, livemode: boolean) {
  return {
    businessId,
    status: paymentAccountStatus(account),
    chargesEnabled: account?.state.chargesEnabled ?? false,
    payoutsEnabled: account?.state.payoutsEnabled ?? false,
    requirementsDue: account?.state.requirementsDue ?? [],
    provider: account?.provider ?? provider,
    livemode: account ? account.mode === 'live' : livemode,
  };
}

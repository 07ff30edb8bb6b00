// Payments (GET /v1/business/profile/{id}/payments and .../payments/account): whether the business
// takes payments, and its newest payments with what was refunded. Money is counted per currency;
// the received figure is what came in minus what went back, for the payments shown.
import * as api from '../api.js';
import { ApiError } from '../http.js';
import { h } from '../dom.js';
import { formatCount, formatMoney, formatRevenue, humanise } from '../format.js';
import { dataTable, figures } from '../panel.js';
import { createView } from '../view.js';

const SHOWN = 20;
const ACCOUNT_STATUS = {
  ready: 'Ready: takes payments',
  pending: 'Onboarding not finished',
  not_connected: 'Not connected',
};

/** The payment account's status, or null on a server without payment keys (503 PAYMENTS_NOT_CONFIGURED). */
async function accountStatus(environment, businessId) {
  try {
    return (await api.get(environment, `/business/profile/${encodeURIComponent(businessId)}/payments/account`)).status;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'PAYMENTS_NOT_CONFIGURED') return null;
    throw error;
  }
}

/** Per currency: what the succeeded payments brought in, minus their refunds. */
function received(payments) {
  const totals = new Map();
  for (const payment of payments) {
    if (payment.status !== 'succeeded') continue;
    totals.set(payment.currency, (totals.get(payment.currency) ?? 0) + payment.amount - payment.amountRefunded);
  }
  return [...totals].map(([currency, amount]) => ({ currency, amount: Math.round(amount * 100) / 100 })).filter((entry) => entry.amount > 0).sort((a, b) => a.currency.localeCompare(b.currency));
}

const what = (payment) => (payment.purpose === 'plan' ? `Plan: ${payment.plan}` : `Booking ${payment.bookingId}`);

export function paymentsView() {
  return createView({
    id: 'payments',
    title: 'Payments',
    description: 'Deposits and prepaid bookings, paid to this business\'s own Stripe account; refunds by its cancellation rule.',
    fetch: ({ environment, businessId }) =>
      Promise.all([accountStatus(environment, businessId), api.get(environment, `/business/profile/${encodeURIComponent(businessId)}/payments`, { limit: SHOWN })]),
    render(panel, [status, answer]) {
      const { payments, pagination } = answer;
      if (status === null && payments.length === 0) {
        return panel.empty(h('div', { className: 'state state-empty' }, h('p', {}, h('strong', {}, 'Payments are not set up on this server.')), h('p', {}, 'Its operator sets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/payments.md).')));
      }
      const money = received(payments);
      panel.show(
        figures('payments-figures', [
          ['Payment account', status === null ? 'Not set up on this server' : ACCOUNT_STATUS[status] ?? status, status ?? '', 'status'],
          ['Payments', formatCount(pagination.total), pagination.total, 'total'],
          [`Received (newest ${Math.min(SHOWN, payments.length)}, net of refunds)`, formatRevenue(money), JSON.stringify(money), 'received'],
        ]),
        payments.length === 0
          ? h('p', { className: 'state state-empty' }, status === 'ready' ? 'No payment yet: bookings of services that take payment appear here.' : 'No payment yet. Finish connecting the business to take paid bookings (POST /v1/business/profile/{id}/payments/account).')
          : dataTable('payment-list', {
              caption: `The newest ${payments.length} payments of ${pagination.total}`,
              columns: ['Date', 'For', 'Status', 'Amount', 'Refunded'],
              rows: payments.map((payment) => [
                { text: payment.createdAt.slice(0, 10), value: payment.id },
                what(payment),
                humanise(payment.status),
                { text: formatMoney(payment.amount, payment.currency), value: payment.amount },
                { text: payment.amountRefunded > 0 ? formatMoney(payment.amountRefunded, payment.currency) : '–', value: payment.amountRefunded },
              ]),
            }),
      );
    },
  });
}

// Payments and their refunds as records: a business owner lists those of one business or
// all of its account's (its businesses' payments and its own plan payments), an admin lists every
// account's, each newest first with cursor paging. One payment is read by the account whose records
// hold it, the account that paid it, or an admin; anyone else gets 404. Like everything else, a
// sandbox credential sees sandbox records only.
import { NotFoundError } from '../../domain/errors';
import type { Payment } from '../../domain/payments/payment';
import type { Principal } from '../../domain/principal';
import type { Store } from '../../ports/store';
import { decodeListCursor, paginationOf } from '../listCursor';
import type { ProfileAccess } from '../profileMutation';
import { presentPayment } from './paymentPresenter';
import type { Static } from 'typebox';
import type { paymentListQuerySchema } from '../../schemas/endpoints/payments';

/** The filters and page of a payment list, as its query string gives them (defaults applied). */
export type PaymentListQuery = Static<typeof paymentListQuerySchema>;

export function createPaymentRecords({ store, access }: { store: Store; access: ProfileAccess }) {
  async function list(principal: Principal, accountId: string | null, query: PaymentListQuery) {
    const filter = { ...(query.status && { status: query.status }), ...(query.purpose && { purpose: query.purpose }), ...(query.businessId && { businessId: query.businessId }) };
    const page = await store.payments.payments.page(principal.environment, accountId, filter, { after: decodeListCursor(query.cursor), limit: query.limit });
    return { payments: page.items.map(presentPayment), pagination: paginationOf(page, query.limit) };
  }

  /** One business's payments, for its owner. */
  async function listForBusiness(principal: Principal, businessId: string, query: PaymentListQuery) {
    const profile = await access.owned(principal, businessId);
    return list(principal, profile.ownerId, { ...query, businessId });
  }

  /** Every payment the caller's account holds. */
  async function listMine(principal: Principal, query: PaymentListQuery) {
    return list(principal, principal.accountId, query);
  }

  /** Every account's payments (admins). */
  async function listAll(principal: Principal, query: PaymentListQuery) {
    return list(principal, null, query);
  }

  async function read(principal: Principal, id: string) {
    const payment = await store.payments.payments.get(id);
    const visible = (found: Payment | null): found is Payment =>
      found !== null && found.environment === principal.environment && (found.accountId === principal.accountId || found.payerAccountId === principal.accountId || principal.role === 'admin');
    if (!visible(payment)) throw new NotFoundError(`Payment ${id} does not exist`, 'PAYMENT_NOT_FOUND');
    return presentPayment(payment);
  }

  return { listForBusiness, listMine, listAll, read };
}

export type PaymentRecords = ReturnType<typeof createPaymentRecords>;

// Payments on MongoDB: one document each; a write's webhook events ride inside the
// document it writes (webhooks/embeddedOutbox.ts), so they are stored exactly when it is. Lists are
// newest first: a page continues strictly before the previous page's last (createdAt, id).
import type { Model } from 'mongoose';
import { PreconditionFailedError } from '../../domain/errors';
import type { Payment } from '../../domain/payments/payment';
import type { PaymentFilter, PaymentRepository } from '../../ports/payments';
import type { ListPosition } from '../../ports/store';
import { pageSize, toListPage } from '../keysetPage';
import type { PaymentDoc } from './schemas/paymentSchema';
import { duplicateKeyIndex, guard } from './translateError';
import { outboxOf, swapCarryingOutbox, withoutOutbox } from './webhooks/embeddedOutbox';
import type { WriteMarks } from './writeMarks';

const toPayment = (doc: PaymentDoc): Payment => {
  const { _id, writeMarks: _marks, ...fields } = withoutOutbox(doc);
  return { id: _id, ...fields };
};

function before(position: ListPosition | undefined): Record<string, unknown> {
  if (!position) return {};
  return { $or: [{ createdAt: { $lt: position.createdAt } }, { createdAt: position.createdAt, _id: { $lt: position.id } }] };
}

function filterOf(environment: string, accountId: string | null, filter: PaymentFilter): Record<string, unknown> {
  return {
    environment,
    ...(accountId !== null && { accountId }),
    ...(filter.businessId !== undefined && { businessId: filter.businessId }),
    ...(filter.status !== undefined && { status: filter.status }),
    ...(filter.purpose !== undefined && { purpose: filter.purpose }),
  };
}

export function createPaymentRepository(payments: Model<PaymentDoc>, marks: WriteMarks): PaymentRepository {
  async function get(id: string): Promise<Payment | null> {
    const doc = await payments.findOne({ _id: id }).lean<PaymentDoc>();
    return doc ? toPayment(doc) : null;
  }

  return {
    create: (payment, events) =>
      guard(async () => {
        const { id, ...fields } = payment;
        try {
          await payments.create({ _id: id, ...fields, webhookOutbox: outboxOf(events), writeMarks: marks.carried() });
        } catch (error) {
          // The same payment stored by an earlier attempt: that one stands, with its own events.
          if (duplicateKeyIndex(error) === '_id_') return (await get(id))!;
          throw error;
        }
        return structuredClone(payment);
      }),
    get: (id) => guard(() => get(id)),
    findByProviderReference: (mode, reference) =>
      guard(async () => {
        const doc = await payments.findOne({ mode, ...reference }).sort({ createdAt: 1 }).lean<PaymentDoc>();
        return doc ? toPayment(doc) : null;
      }),
    replace: (next, expectedVersion, events) =>
      guard(async () => {
        const { id, ...fields } = next;
        // A write a dead request already made (its mark is there) is not made twice (writeMarks.ts).
        const redone = await marks.redone(payments, { _id: id });
        if (redone) return toPayment(redone);
        if (!(await swapCarryingOutbox(payments, { _id: id, ...fields }, expectedVersion, events, marks))) {
          throw new PreconditionFailedError(`Payment ${id} is not at version ${expectedVersion}`);
        }
        return structuredClone(next);
      }),
    page: (environment, accountId, filter, options) =>
      guard(async () => {
        const size = pageSize(options);
        const where = filterOf(environment, accountId, filter);
        const [docs, total] = await Promise.all([
          payments.find({ $and: [where, before(options.after)] }).sort({ createdAt: -1, _id: -1 }).limit(size + 1).lean<PaymentDoc[]>(),
          payments.countDocuments(where),
        ]);
        return toListPage(docs.map(toPayment), size, total);
      }),
  };
}

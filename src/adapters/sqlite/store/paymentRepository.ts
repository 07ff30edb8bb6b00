// Payments on SQLite: one JSON document a row; a write and its webhook events commit in
// one transaction. Lists are newest first: a page continues strictly before the previous page's
// last (createdAt, id).
import { PreconditionFailedError } from '../../../domain/errors';
import type { Payment } from '../../../domain/payments/payment';
import type { Environment } from '../../../domain/profile';
import type { WebhookEvent } from '../../../domain/webhooks/webhookRecords';
import type { PaymentFilter, PaymentRepository } from '../../../ports/payments';
import { pageSize, toListPage } from '../../keysetPage';
import type { SqliteDatabase } from '../openDatabase';
import type { Synchronous } from './synchronous';
import type { OutboxWriter } from './webhookOutbox';

interface DocRow {
  doc: string;
}

const read = (row: DocRow | undefined): Payment | null => (row ? (JSON.parse(row.doc) as Payment) : null);

const REFERENCE_COLUMNS = { checkoutSessionId: 'checkout_session_id', paymentIntentId: 'payment_intent_id', invoiceId: 'invoice_id' } as const;

export function createPaymentRepository(db: SqliteDatabase, outbox: OutboxWriter): Synchronous<PaymentRepository> {
  const insert = db.prepare<[string, string]>('INSERT INTO payments (id, doc) VALUES (?, ?) ON CONFLICT (id) DO NOTHING');
  const byId = db.prepare<[string], DocRow>('SELECT doc FROM payments WHERE id = ?');
  const swap = db.prepare<[string, string, number]>("UPDATE payments SET doc = ? WHERE id = ? AND json_extract(doc, '$.version') = ?");
  const byReference = Object.fromEntries(
    Object.entries(REFERENCE_COLUMNS).map(([field, column]) => [field, db.prepare<[string, string], DocRow>(`SELECT doc FROM payments WHERE mode = ? AND ${column} = ? ORDER BY created_at LIMIT 1`)]),
  );
  const statements = new Map<string, ReturnType<typeof db.prepare>>();

  const create = db.transaction((payment: Payment, events?: readonly WebhookEvent[]): Payment => {
    if (insert.run(payment.id, JSON.stringify(payment)).changes === 0) return read(byId.get(payment.id))!;
    outbox(events);
    return structuredClone(payment);
  });

  const replace = db.transaction((next: Payment, expectedVersion: number, events?: readonly WebhookEvent[]) => {
    if (swap.run(JSON.stringify(next), next.id, expectedVersion).changes !== 1) throw new PreconditionFailedError(`Payment ${next.id} is not at version ${expectedVersion}`);
    outbox(events);
  });

  function statement(sql: string) {
    let prepared = statements.get(sql);
    if (!prepared) statements.set(sql, (prepared = db.prepare(sql)));
    return prepared;
  }

  function page(environment: Environment, accountId: string | null, filter: PaymentFilter, options: { after?: { createdAt: string; id: string }; limit: number }) {
    const where = ['environment = @environment'];
    if (accountId !== null) where.push('account_id = @accountId');
    if (filter.businessId) where.push('business_id = @businessId');
    if (filter.status) where.push('status = @status');
    if (filter.purpose) where.push('purpose = @purpose');
    const params = { environment, ...(accountId !== null && { accountId }), ...filter };
    const size = pageSize(options);
    const rows = statement(`SELECT doc FROM payments WHERE ${where.join(' AND ')} AND (created_at, id) < (@beforeCreatedAt, @beforeId) ORDER BY created_at DESC, id DESC LIMIT @limit`).all({
      ...params,
      beforeCreatedAt: options.after?.createdAt ?? '\uffff',
      beforeId: options.after?.id ?? '\uffff',
      limit: size + 1,
    }) as DocRow[];
    const total = (statement(`SELECT count(*) AS n FROM payments WHERE ${where.join(' AND ')}`).get(params) as { n: number }).n;
    return toListPage(rows.map((row) => read(row)!), size, total);
  }

  return {
    create(payment, events) {
      return create.immediate(payment, events);
    },
    get(id) {
      return read(byId.get(id));
    },
    findByProviderReference(mode, reference) {
      const [field, value] = Object.entries(reference)[0] as [keyof typeof REFERENCE_COLUMNS, string];
      return read(byReference[field].get(mode, value));
    },
    replace(next, expectedVersion, events) {
      replace.immediate(next, expectedVersion, events);
      return structuredClone(next);
    },
    page(environment, accountId, filter, options) {
      return page(environment, accountId, filter, options);
    },
  };
}

// The payment tables on SQLite, in their own migration component so they join an
// existing store file without touching the store's numbered steps. Every record is a JSON
// document; lookups read VIRTUAL generated columns from it. Bookings get two lookup columns of their
// own: the hold of one awaiting payment, and a refund decided but not yet sent to the provider,
// each with a partial index holding only those few rows.
import type { Migration } from '../openDatabase';

export const PAYMENTS_COMPONENT = 'payments';

export const paymentMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'payments, payment accounts, plan subscriptions, the provider event inbox, bookings awaiting payment',
    up: `
CREATE TABLE payments (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  mode TEXT GENERATED ALWAYS AS (json_extract(doc, '$.mode')) VIRTUAL NOT NULL,
  account_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.accountId')) VIRTUAL NOT NULL,
  business_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.businessId')) VIRTUAL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  purpose TEXT GENERATED ALWAYS AS (json_extract(doc, '$.purpose')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL,
  checkout_session_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.checkoutSessionId')) VIRTUAL,
  payment_intent_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.paymentIntentId')) VIRTUAL,
  invoice_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.invoiceId')) VIRTUAL
);
CREATE INDEX payments_account ON payments (environment, account_id, created_at, id);
CREATE INDEX payments_environment ON payments (environment, created_at, id);
CREATE INDEX payments_checkout ON payments (mode, checkout_session_id) WHERE checkout_session_id IS NOT NULL;
CREATE INDEX payments_intent ON payments (mode, payment_intent_id) WHERE payment_intent_id IS NOT NULL;
CREATE UNIQUE INDEX payments_invoice ON payments (mode, invoice_id) WHERE invoice_id IS NOT NULL;

CREATE TABLE payment_accounts (
  environment TEXT NOT NULL,
  business_id TEXT NOT NULL,
  doc TEXT NOT NULL,
  mode TEXT GENERATED ALWAYS AS (json_extract(doc, '$.mode')) VIRTUAL NOT NULL,
  provider_account_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.state.providerAccountId')) VIRTUAL NOT NULL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL,
  PRIMARY KEY (environment, business_id)
);
CREATE UNIQUE INDEX payment_accounts_provider ON payment_accounts (mode, provider_account_id);

CREATE TABLE plan_subscriptions (
  account_id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  mode TEXT GENERATED ALWAYS AS (json_extract(doc, '$.mode')) VIRTUAL NOT NULL,
  customer_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.providerCustomerId')) VIRTUAL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL,
  lapses_at TEXT GENERATED ALWAYS AS (
    CASE WHEN json_extract(doc, '$.cancelAtPeriodEnd') AND json_extract(doc, '$.status') IN ('active', 'trialing', 'past_due')
    THEN json_extract(doc, '$.currentPeriodEnd') END
  ) VIRTUAL
);
CREATE INDEX plan_subscriptions_customer ON plan_subscriptions (mode, customer_id) WHERE customer_id IS NOT NULL;
CREATE INDEX plan_subscriptions_lapsing ON plan_subscriptions (lapses_at) WHERE lapses_at IS NOT NULL;

CREATE TABLE provider_events (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  received_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.receivedAt')) VIRTUAL NOT NULL,
  handled INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.handledAt') IS NOT NULL) VIRTUAL NOT NULL,
  due_at TEXT GENERATED ALWAYS AS (max(json_extract(doc, '$.nextAttemptAt'), coalesce(json_extract(doc, '$.leaseUntil'), ''))) VIRTUAL NOT NULL
);
CREATE INDEX provider_events_unhandled ON provider_events (due_at, received_at) WHERE handled = 0;

ALTER TABLE bookings ADD COLUMN hold_until TEXT GENERATED ALWAYS AS (
  CASE WHEN json_extract(doc, '$.status') = 'pending_payment' THEN json_extract(doc, '$.payment.holdExpiresAt') END
) VIRTUAL;
ALTER TABLE bookings ADD COLUMN refund_due INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.payment.refund.state') = 'due') VIRTUAL;
CREATE INDEX bookings_hold ON bookings (hold_until) WHERE hold_until IS NOT NULL;
CREATE INDEX bookings_refund_due ON bookings (refund_due) WHERE refund_due = 1;
`,
  },
];

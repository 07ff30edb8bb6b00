// Migration step for webhooks: subscriptions, the event outbox and the delivery log.
// Kept beside schema.ts, which lists it; like every step, never edited once released.
export const webhookTables = `
CREATE TABLE webhook_endpoints (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  account_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.accountId')) VIRTUAL NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  enabled INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.enabled')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE INDEX webhook_endpoints_owner ON webhook_endpoints (account_id, environment, created_at, id);

-- The outbox: rows are inserted in the transaction of the change that caused them.
CREATE TABLE webhook_events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  doc TEXT NOT NULL,
  fanned_out INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX webhook_events_to_fan_out ON webhook_events (seq) WHERE fanned_out = 0;

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  endpoint_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.endpointId')) VIRTUAL NOT NULL,
  event_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.eventId')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL,
  next_attempt_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.nextAttemptAt')) VIRTUAL,
  lease_until TEXT GENERATED ALWAYS AS (json_extract(doc, '$.leaseUntil')) VIRTUAL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE UNIQUE INDEX webhook_deliveries_event_endpoint ON webhook_deliveries (event_id, endpoint_id);
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at, id);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (lease_until) WHERE status = 'delivering';
`;

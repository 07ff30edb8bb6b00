// The store's numbered migrations. Never edit a released step: append a new one.
//
// Each record is kept whole as a JSON document (`doc`), so the domain types round-trip exactly.
// Columns that lookups and constraints need are VIRTUAL generated columns read from the document:
// the document stays the single source of truth and an UPDATE of `doc` can never leave a lookup
// column stale. Keys that need JavaScript normalisation (email, category) are plain columns
// written by the adapter alongside the document.
import type { Migration } from '../openDatabase';
import { webhookTables } from './webhookSchema';

export const STORE_COMPONENT = 'store';

const initialSchema = `
CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  email_key TEXT NOT NULL,
  role TEXT GENERATED ALWAYS AS (json_extract(doc, '$.role')) VIRTUAL NOT NULL
);
CREATE UNIQUE INDEX accounts_email ON accounts (email_key);
CREATE INDEX accounts_role ON accounts (role);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  account_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.accountId')) VIRTUAL NOT NULL,
  hash TEXT GENERATED ALWAYS AS (json_extract(doc, '$.hash')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL,
  revoked_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.revokedAt')) VIRTUAL
);
CREATE UNIQUE INDEX api_keys_hash ON api_keys (hash);
CREATE INDEX api_keys_account ON api_keys (account_id, created_at);

CREATE TABLE refresh_tokens (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  family_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.familyId')) VIRTUAL NOT NULL,
  hash TEXT GENERATED ALWAYS AS (json_extract(doc, '$.hash')) VIRTUAL NOT NULL,
  used_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.usedAt')) VIRTUAL,
  revoked_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.revokedAt')) VIRTUAL
);
CREATE UNIQUE INDEX refresh_tokens_hash ON refresh_tokens (hash);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE profiles (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  category_key TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  owner_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.ownerId')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL,
  updated_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.updatedAt')) VIRTUAL NOT NULL,
  deleted_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.deletedAt')) VIRTUAL
);
CREATE INDEX profiles_owner ON profiles (environment, owner_id, created_at) WHERE deleted_at IS NULL;
CREATE INDEX profiles_category ON profiles (environment, category_key, updated_at) WHERE deleted_at IS NULL;

-- One row per dedupe key of a live profile: the primary key makes DUPLICATE_PROFILE a database
-- rule checked inside the writing transaction, so two concurrent creates cannot both succeed.
CREATE TABLE profile_keys (
  environment TEXT NOT NULL,
  key TEXT NOT NULL,
  profile_id TEXT NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  PRIMARY KEY (environment, key)
);
CREATE INDEX profile_keys_profile ON profile_keys (profile_id);

-- The change feed. AUTOINCREMENT so a sequence number is never reused, even after pruning.
-- No foreign key to profiles: the history may outlive a row.
CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  profile_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  at TEXT NOT NULL
);
-- Highest sequence number ever pruned: positions below it can no longer be resumed from.
CREATE TABLE change_retention (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  pruned_through INTEGER NOT NULL
);
INSERT INTO change_retention (id, pruned_through) VALUES (1, 0);

CREATE TABLE verifications (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  business_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.businessId')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE INDEX verifications_business ON verifications (environment, business_id, created_at);
-- At most one pending request per business: VERIFICATION_PENDING is enforced by the database.
CREATE UNIQUE INDEX verifications_one_pending ON verifications (environment, business_id) WHERE status = 'pending';
CREATE INDEX verifications_pending ON verifications (created_at) WHERE status = 'pending';

CREATE TABLE media (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  deleted_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.deletedAt')) VIRTUAL
);

CREATE TABLE checkpoints (
  consumer TEXT PRIMARY KEY,
  position TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
`;

// Idempotency-Key records: the key columns are plain (a generated column cannot be part of a
// primary key); the expiry is read from the document like every other lookup column.
const idempotencyKeys = `
CREATE TABLE idempotency_keys (
  account_id TEXT NOT NULL,
  environment TEXT NOT NULL,
  key TEXT NOT NULL,
  doc TEXT NOT NULL,
  expires_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.expiresAt')) VIRTUAL NOT NULL,
  answered INTEGER GENERATED ALWAYS AS (json_type(doc, '$.response') IS NOT NULL) VIRTUAL NOT NULL,
  PRIMARY KEY (account_id, environment, key)
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);
`;

// Reviews: one per author and business (the unique index is DUPLICATE_REVIEW); the
// list and the histogram read visible reviews only, through partial indexes on each sort order.
const reviews = `
CREATE TABLE reviews (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  business_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.businessId')) VIRTUAL NOT NULL,
  author_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.authorId')) VIRTUAL NOT NULL,
  rating INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.rating')) VIRTUAL NOT NULL,
  hidden INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.hidden')) VIRTUAL NOT NULL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL,
  created_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdAt')) VIRTUAL NOT NULL
);
CREATE UNIQUE INDEX reviews_one_per_author ON reviews (environment, business_id, author_id);
CREATE INDEX reviews_newest ON reviews (environment, business_id, created_at DESC, id DESC) WHERE hidden = 0;
CREATE INDEX reviews_by_rating ON reviews (environment, business_id, rating, created_at DESC, id DESC) WHERE hidden = 0;
`;

// Bookings. A booking holds one seat row of its start time while it counts against the
// service's capacity; the seat's primary key makes "exactly one caller gets the last seat" a rule
// of the database, checked inside the writing transaction.
const bookings = `
CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  doc TEXT NOT NULL,
  environment TEXT GENERATED ALWAYS AS (json_extract(doc, '$.environment')) VIRTUAL NOT NULL,
  business_id TEXT GENERATED ALWAYS AS (json_extract(doc, '$.businessId')) VIRTUAL NOT NULL,
  created_by TEXT GENERATED ALWAYS AS (json_extract(doc, '$.createdBy')) VIRTUAL NOT NULL,
  start_at TEXT GENERATED ALWAYS AS (json_extract(doc, '$.start')) VIRTUAL NOT NULL,
  status TEXT GENERATED ALWAYS AS (json_extract(doc, '$.status')) VIRTUAL NOT NULL,
  version INTEGER GENERATED ALWAYS AS (json_extract(doc, '$.version')) VIRTUAL NOT NULL
);
CREATE INDEX bookings_business ON bookings (environment, business_id, start_at, id);
CREATE INDEX bookings_creator ON bookings (environment, created_by, start_at, id);

CREATE TABLE booking_seats (
  environment TEXT NOT NULL,
  business_id TEXT NOT NULL,
  service_id TEXT NOT NULL,
  start_at TEXT NOT NULL,
  seat INTEGER NOT NULL,
  booking_id TEXT NOT NULL,
  PRIMARY KEY (environment, business_id, service_id, start_at, seat)
);
CREATE INDEX booking_seats_booking ON booking_seats (booking_id);
`;

export const storeMigrations: readonly Migration[] = [
  { version: 1, name: 'initial schema', up: initialSchema },
  { version: 2, name: 'idempotency keys', up: idempotencyKeys },
  { version: 3, name: 'reviews', up: reviews },
  { version: 4, name: 'webhooks', up: webhookTables },
  { version: 5, name: 'bookings', up: bookings },
  {
    version: 6,
    name: 'the taxonomy version every profile\'s category keys were computed with (categoryBackfill.ts)',
    up: 'CREATE TABLE category_taxonomy_state (id INTEGER PRIMARY KEY CHECK (id = 1), version TEXT NOT NULL)',
  },
  {
    version: 7,
    name: 'the leases of the processes holding Idempotency-Key claims (a lapsed one is a dead process)',
    up: 'CREATE TABLE idempotency_holders (id TEXT PRIMARY KEY, expires_at TEXT NOT NULL)',
  },
];

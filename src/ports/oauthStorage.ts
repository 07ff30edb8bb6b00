// Persistence for the OAuth server (oidc-provider's artifacts: clients, grants, sessions,
// interactions, codes, access and refresh tokens). One record per (kind, id) holding the
// library's payload as given; the few fields it is looked up by are passed alongside so each
// engine can index them. Adapters: adapters/sqlite/oauth, adapters/mongo/mongoOAuthStorage.
// Rules every adapter keeps (test/contract/oauthStorage.contract.ts):
// - a record past its expiresAt is never returned, listed or counted;
// - consume() marks a record once; find() then shows `consumed` (epoch seconds) in the payload;
// - removeWhere() removes every kind matching the filter (a grant's codes and tokens, a client's all).

export type OAuthPayload = Record<string, unknown>;

/** The fields a record can be looked up by, besides (kind, id). */
export interface OAuthRecordIndex {
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  clientId?: string;
}

export type OAuthLookupField = 'uid' | 'userCode';

export interface OAuthRecordFilter {
  grantId?: string;
  accountId?: string;
  clientId?: string;
}

export interface OAuthStorage {
  /** Inserts or replaces; `expiresAt` undefined means the record does not expire. */
  upsert(kind: string, id: string, payload: OAuthPayload, index: OAuthRecordIndex, expiresAt?: Date): Promise<void>;
  find(kind: string, id: string): Promise<OAuthPayload | undefined>;
  findBy(kind: string, field: OAuthLookupField, value: string): Promise<OAuthPayload | undefined>;
  /** Marks the record consumed at `at` (epoch seconds) unless it already is. */
  consume(kind: string, id: string, at: number): Promise<void>;
  destroy(kind: string, id: string): Promise<void>;
  /** Removes every record (any kind) matching all given fields; at least one field is required. */
  removeWhere(filter: OAuthRecordFilter): Promise<number>;
  /** Unexpired records of a kind matching all given fields, oldest first. */
  list(kind: string, filter: OAuthRecordFilter): Promise<OAuthPayload[]>;
  close(): Promise<void>;
}

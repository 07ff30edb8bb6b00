// Persistence for the OAuth server (oidc-provider's artifacts: clients, grants, sessions,
// interactions, codes, access and refresh tokens). One record per (kind, id) holding the
// library's payload as given; the few fields it is looked up by are passed alongside so each
// engine can index them. Adapters: adapters/sqlite/oauth, adapters/mongo/mongoOAuthStorage.
// Rules every adapter keeps (test/contract/oauthStorage.contract.ts):
// - a record past its expiresAt is never returned, listed or counted;
// - consume() marks a record once; find() then shows `consumed` (epoch seconds) in the payload;
// - removeWhere() removes every kind matching the filter (a grant's codes and tokens, a client's all).
// Beside them, the keys the server signs ID tokens with (signingKeys), shared by every instance.

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
  readonly signingKeys: SigningKeyStore;
  close(): Promise<void>;
}

/** An ID-token signing key as stored: the public half in the clear, the private half sealed (domain/webhooks/secretBox.ts). */
export interface StoredSigningKey {
  /** 1, 2, 3...: one key per generation, so instances creating the same one at once store it once. */
  generation: number;
  kid: string;
  alg: string;
  publicJwk: Record<string, string>;
  /** The private JWK as JSON, sealed and bound to the kid. */
  sealedPrivateJwk: string;
  createdAt: string;
  /** ISO time from which the key signs (domain/oauth/signingKeyRotation.ts). */
  activatesAt: string;
}

export interface SigningKeyStore {
  /** Every stored key, oldest generation first. */
  list(): Promise<StoredSigningKey[]>;
  /** Stores the key unless its generation exists: false when another instance stored that generation first. */
  insert(key: StoredSigningKey): Promise<boolean>;
  remove(generation: number): Promise<void>;
}

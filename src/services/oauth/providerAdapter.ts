// oidc-provider's adapter contract (upsert, find, findByUid, findByUserCode, consume, destroy,
// revokeByGrantId; see panva/node-oidc-provider example/my_adapter.js) over our OAuthStorage
// port, so the provider's artifacts live in whichever engine the store uses.
import type { OAuthPayload, OAuthRecordIndex, OAuthStorage } from '../../ports/oauthStorage';

/** The library's adapter shape: one instance per model name (AccessToken, Grant, Client...). */
export interface ProviderAdapter {
  upsert(id: string, payload: OAuthPayload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<OAuthPayload | undefined>;
  findByUid(uid: string): Promise<OAuthPayload | undefined>;
  findByUserCode(userCode: string): Promise<OAuthPayload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The lookup fields of a payload; a Client record's account is its owner. */
export function indexOf(kind: string, payload: OAuthPayload): OAuthRecordIndex {
  return {
    grantId: text(payload.grantId),
    uid: text(payload.uid),
    userCode: text(payload.userCode),
    accountId: kind === 'Client' ? text(payload.owner_account_id) : text(payload.accountId),
    clientId: kind === 'Client' ? text(payload.client_id) : text(payload.clientId),
  };
}

export function providerAdapterClass(storage: OAuthStorage, now: () => number = Date.now): new (name: string) => ProviderAdapter {
  return class StorageAdapter implements ProviderAdapter {
    constructor(private readonly kind: string) {}

    async upsert(id: string, payload: OAuthPayload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(now() + expiresIn * 1000) : undefined;
      await storage.upsert(this.kind, id, payload, indexOf(this.kind, payload), expiresAt);
    }

    find(id: string) {
      return storage.find(this.kind, id);
    }

    findByUid(uid: string) {
      return storage.findBy(this.kind, 'uid', uid);
    }

    findByUserCode(userCode: string) {
      return storage.findBy(this.kind, 'userCode', userCode);
    }

    consume(id: string) {
      return storage.consume(this.kind, id, Math.floor(now() / 1000));
    }

    destroy(id: string) {
      return storage.destroy(this.kind, id);
    }

    async revokeByGrantId(grantId: string) {
      await storage.removeWhere({ grantId });
    }
  };
}

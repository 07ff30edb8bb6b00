// oidc-provider ships no types: only what this service uses, loosely (the library validates
// its own configuration at construction).
declare module 'oidc-provider' {
  import type Koa from 'koa';
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown> & { client_id: string; scope?: string; redirect_uri?: string };
    session?: { accountId: string };
    grantId?: string;
    lastSubmission?: Record<string, unknown>;
  }

  export interface GrantInstance {
    jti: string;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    getResourceScopeFiltered?(resource: string, scopes: string[]): string;
    save(): Promise<string>;
    destroy(): Promise<void>;
    resources?: Record<string, string>;
    openid?: { scope?: string };
  }

  export interface AccessTokenInstance {
    jti: string;
    accountId: string;
    clientId: string;
    scope?: string;
    aud?: string | string[];
    grantId: string;
    exp: number;
    isValid: boolean;
    isExpired: boolean;
  }

  export interface ClientInstance {
    clientId: string;
    clientName?: string;
    clientSecret?: string;
    redirectUris: string[];
    scope?: string;
    clientAuthMethod: string;
    grantTypeAllowed(type: string): boolean;
    metadata(): Record<string, unknown>;
  }

  // A Koa application itself (its middleware runs on the host app's context: oauth/mountProvider.ts).
  class Provider extends Koa {
    constructor(issuer: string, configuration: Record<string, unknown>);
    issuer: string;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
    interactionResult(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<string>;
    Grant: { new (fields: { accountId: string; clientId: string }): GrantInstance; find(id: string): Promise<GrantInstance | undefined> };
    AccessToken: { find(value: string): Promise<AccessTokenInstance | undefined> };
    Client: { find(id: string): Promise<ClientInstance | undefined>; prototype: ClientInstance & { compareClientSecret(actual: string): Promise<boolean> | boolean } };
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
  export default Provider;
  export const errors: Record<string, new (description?: string) => Error>;
}

// Who is calling, as established by http/authenticate.ts; stored on ctx.state.principal.
import type { CustomLimits, Plan, Role, Scope } from './account';
import type { Environment } from './profile';

export type CredentialKind = 'api_key' | 'jwt' | 'oauth';

export interface Principal {
  accountId: string;
  /** Partition the caller reads and writes: `test` for sk_test_ keys, `live` otherwise. */
  environment: Environment;
  scopes: Scope[];
  via: CredentialKind;
  /** Set when via = api_key. */
  keyId?: string;
  /** The AI platform the credential declared (API key or OAuth client `platform`); analytics attribute calls to it. */
  platform?: string;
  role: Role;
  plan: Plan;
  customLimits?: CustomLimits;
  /** Set when via = oauth: the OAuth client (app) acting for the account. */
  oauthClientId?: string;
}

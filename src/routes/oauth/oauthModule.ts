// Everything OAuth, assembled once for app.ts: the provider over our storage, the resolver
// authenticate() uses for OAuth bearer tokens, the pages, and the client routes.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type Provider from 'oidc-provider';
import type { OAuthStorage } from '../../ports/oauthStorage';
import type { Store } from '../../ports/store';
import type { AuthService } from '../../services/authService';
import { createOAuthClientService, type OAuthClientService } from '../../services/oauth/clientService';
import { createOAuthProvider } from '../../services/oauth/oauthProvider';
import { createOAuthTokenResolver, type OAuthTokenResolver } from '../../services/oauth/oauthTokens';
import type { RouteGuards } from '../routeGuards';
import { oauthClientRoutes } from './clients';
import { interactionRoutes } from './interactions';
import { mountProvider, PROTECTED_RESOURCE_METADATA_PATH } from './mountProvider';
import { errorPage } from './pages';

export interface OAuthSettings {
  storage: OAuthStorage;
  /** AUTH_URL: this service's public origin, the issuer. The API's resource indicator is `${issuer}/v1`. */
  issuer: string;
}

export interface OAuthModule {
  provider: Provider;
  resource: string;
  /** RFC 9728 metadata of this API; every 401 names it (MCP authorization: clients discover the flow from it). */
  resourceMetadataUrl: string;
  tokens: OAuthTokenResolver;
  /** The keys the provider signs its cookies with; the host Koa app must use them too. */
  cookieKeys: string[];
  clients: OAuthClientService;
  /** Provider endpoints, metadata documents and sign-in/consent pages: before the /v1 router. */
  middleware: Middleware[];
  /** /oauth/clients and /oauth/authorizations, to mount under /v1. */
  routes(guards: RouteGuards): Router;
}

export function createOAuthModule(deps: { settings: OAuthSettings; store: Store; auth: AuthService; cookieSecret: string; proxy: boolean }): OAuthModule {
  const issuer = deps.settings.issuer.replace(/\/+$/, '');
  const resource = `${issuer}/v1`;
  const { storage } = deps.settings;
  const provider = createOAuthProvider({
    storage,
    store: deps.store,
    issuer,
    resource,
    cookieSecret: deps.cookieSecret,
    proxy: deps.proxy,
    renderError: (ctx, out) => errorPage(ctx, ctx.status >= 400 ? ctx.status : 400, out.error, out.error_description),
  });
  const clients = createOAuthClientService({ storage });
  const pages = interactionRoutes({ provider, store: deps.store, auth: deps.auth, resource });
  return {
    provider,
    resource,
    cookieKeys: (provider as unknown as { keys: string[] }).keys,
    resourceMetadataUrl: `${issuer}${PROTECTED_RESOURCE_METADATA_PATH}`,
    tokens: createOAuthTokenResolver({ provider, storage, resource }),
    clients,
    middleware: [mountProvider({ provider, issuer, resource }), pages.routes() as unknown as Middleware, pages.allowedMethods() as unknown as Middleware],
    routes: (guards) => oauthClientRoutes({ guards, clients }),
  };
}

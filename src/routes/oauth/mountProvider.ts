// Mounts oidc-provider's own Koa middleware for its routes only (as koa-mount does in
// panva/node-oidc-provider example/koa.js), plus the two metadata documents:
// RFC 8414 /.well-known/oauth-authorization-server (the provider's discovery document) and
// RFC 9728 /.well-known/oauth-protected-resource (this API as a resource server).
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type Provider from 'oidc-provider';
import { SCOPES } from '../../domain/account';
import { OAUTH_ROUTES } from '../../services/oauth/oauthProvider';

const DISCOVERY = '/.well-known/openid-configuration';
const AS_METADATA = '/.well-known/oauth-authorization-server';
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
const PR_METADATA = PROTECTED_RESOURCE_METADATA_PATH;

export function mountProvider(deps: { provider: () => Promise<Provider>; issuer: string; resource: string }): Middleware {
  // The provider is itself a Koa application; its middleware runs on our context. A new provider
  // (after a signing-key change) gets its own composed chain.
  const chains = new WeakMap<Provider, Middleware>();
  const handle: Middleware = async (ctx, next) => {
    const provider = await deps.provider();
    let chain = chains.get(provider);
    if (!chain) {
      chain = compose((provider as unknown as { middleware: Middleware[] }).middleware);
      chains.set(provider, chain);
    }
    return chain(ctx, next);
  };
  const prefixes = [...Object.values(OAUTH_ROUTES), DISCOVERY];
  const resourceMetadata = {
    resource: deps.resource,
    authorization_servers: [deps.issuer],
    scopes_supported: [...SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Business discovery API',
  };
  return async (ctx, next) => {
    if (ctx.path === PR_METADATA || ctx.path === `${PR_METADATA}/v1`) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = resourceMetadata;
      return;
    }
    if (ctx.path === AS_METADATA) {
      ctx.path = DISCOVERY;
      return handle(ctx, next);
    }
    if (prefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return handle(ctx, next);
    return next();
  };
}

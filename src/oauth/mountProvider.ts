// Mounts oidc-provider's own Koa middleware for its routes only (as koa-mount does in
// panva/node-oidc-provider example/koa.js), plus the two metadata documents:
// RFC 8414 /.well-known/oauth-authorization-server (the provider's discovery document) and
// RFC 9728 /.well-known/oauth-protected-resource/v1 (this API as a resource server).
import type { Middleware } from 'koa';
import compose from 'koa-compose';
import type Provider from 'oidc-provider';
import { SCOPES } from '../domain/account';
import { OAUTH_ROUTES } from '../services/oauth/oauthPaths';

const DISCOVERY = '/.well-known/openid-configuration';
const AS_METADATA = '/.well-known/oauth-authorization-server';
const PR_METADATA = '/.well-known/oauth-protected-resource';
/**
 * RFC 9728 section 3.1: the metadata of the resource `${issuer}/v1` is at the well-known path with
 * the resource's path after it; its `resource` is then the URL it was built from (section 3.3).
 * The bare well-known path would be the metadata of the resource `${issuer}` itself, which this
 * server does not protect: it is not served (a client checking section 3.3 would refuse a document
 * there naming `${issuer}/v1`). Every 401 names the right URL.
 */
export const PROTECTED_RESOURCE_METADATA_PATH = `${PR_METADATA}/v1`;

export function mountProvider(deps: { provider: () => Promise<Provider>; issuer: string; resource: string }): Middleware {
  // The provider is itself a Koa application; its middleware runs on our context. A new provider
  // (after a signing-key change) gets its own composed chain.
  const chains = new WeakMap<Provider, Middleware>();
  const handle: Middleware = async (ctx, next) => {
    const provider = await deps.provider();
    let chain = chains.get(provider);
    if (!chain) {
      chain = compose(provider.middleware);
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
    if (ctx.path === PROTECTED_RESOURCE_METADATA_PATH) {
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.set('Access-Control-Allow-Origin', '*');
      ctx.body = resourceMetadata;
      return;
    }
    if (ctx.path === AS_METADATA || ctx.path === DISCOVERY) {
      ctx.path = DISCOVERY;
      await handle(ctx, next);
      // oidc-provider lists only its own OpenID scopes (the API's are resource-server scopes, kept out
      // of its `scopes` on purpose): RFC 8414 scopes_supported names every scope a client may ask for.
      const metadata = ctx.body as { scopes_supported?: string[] } | undefined;
      if (ctx.status === 200 && metadata?.scopes_supported) metadata.scopes_supported = [...SCOPES, ...metadata.scopes_supported];
      return;
    }
    if (prefixes.some((prefix) => ctx.path === prefix || ctx.path.startsWith(`${prefix}/`))) return handle(ctx, next);
    return next();
  };
}

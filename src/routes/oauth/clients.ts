// /oauth/clients (apps an account registers) and /oauth/authorizations (apps an account has
// authorised). Managed only by a person signed in (JWT), like API keys. Mounted under /v1.
import Router from '@koa/router';
import type { Context } from 'koa';
import { created, ok } from '../../http/envelope';
import { principalOf } from '../../http/principal';
import { validateBody } from '../../http/validate';
import { createOAuthClientBodySchema, type CreateOAuthClientBody } from '../../schemas/endpoints/oauthClients';
import type { OAuthClientService } from '../../services/oauth/clientService';
import type { RouteGuards } from '../routeGuards';

export function oauthClientRoutes(deps: { guards: RouteGuards; clients: OAuthClientService }): Router {
  const { guards, clients } = deps;
  const signedIn = [guards.authenticate, guards.rateLimit('general'), guards.requireSignedIn()];
  const account = (ctx: Context) => principalOf(ctx).accountId;
  const noStore = (ctx: Context) => ctx.set('Cache-Control', 'no-store');
  const router = new Router();

  router.post('/oauth/clients', ...signedIn, guards.jsonBody, validateBody(createOAuthClientBodySchema), async (ctx) => {
    noStore(ctx);
    created(ctx, await clients.register(account(ctx), ctx.state.body as CreateOAuthClientBody));
  });
  router.get('/oauth/clients', ...signedIn, async (ctx) => ok(ctx, await clients.list(account(ctx))));
  router.get('/oauth/clients/:clientId', ...signedIn, async (ctx) => ok(ctx, await clients.get(account(ctx), ctx.params.clientId)));
  router.post('/oauth/clients/:clientId/rotate-secret', ...signedIn, async (ctx) => {
    noStore(ctx);
    ok(ctx, await clients.rotateSecret(account(ctx), ctx.params.clientId));
  });
  router.delete('/oauth/clients/:clientId', ...signedIn, async (ctx) => {
    await clients.remove(account(ctx), ctx.params.clientId);
    ctx.status = 204;
  });
  router.get('/oauth/authorizations', ...signedIn, async (ctx) => ok(ctx, await clients.authorizations(account(ctx))));
  router.delete('/oauth/authorizations/:clientId', ...signedIn, async (ctx) => {
    await clients.revokeAuthorization(account(ctx), ctx.params.clientId);
    ctx.status = 204;
  });
  return router;
}

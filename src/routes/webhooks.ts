// Webhook endpoints (issue 22). Managing them is account configuration done with the owning
// account's credential: a signed-in JWT (live) or an API key with write:businesses (its own
// environment; a read-only key can neither see nor change them, as the log shows event data).
import Router from '@koa/router';
import type { Middleware } from 'koa';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { createWebhookEndpointBodySchema, updateWebhookEndpointBodySchema, webhookPageQuerySchema } from '../schemas/endpoints/webhooks';
import type { WebhookEndpointService } from '../services/webhooks/webhookEndpointService';
import { protect, type RouteGuards } from './routeGuards';

export function webhookRoutes(deps: {
  guards: RouteGuards;
  /** JSON body without Idempotency-Key: create and rotate answer with the secret, which is never stored in clear to replay. */
  plainJsonBody: Middleware;
  endpoints: WebhookEndpointService;
}): Router {
  const { guards, endpoints } = deps;
  const manage = protect(guards, 'general');
  const router = new Router({ prefix: '/webhooks/endpoints' });

  router.post('/', manage, deps.plainJsonBody, validateBody(createWebhookEndpointBodySchema), async (ctx) => {
    const endpoint = await endpoints.create(principalOf(ctx), ctx.state.body);
    ctx.set('Location', `/v1/webhooks/endpoints/${endpoint.id}`);
    created(ctx, endpoint);
  });

  router.get('/', manage, validateQuery(webhookPageQuerySchema), async (ctx) => {
    ok(ctx, await endpoints.list(principalOf(ctx), ctx.state.query));
  });

  router.get('/:endpointId', manage, async (ctx) => {
    ok(ctx, await endpoints.read(principalOf(ctx), ctx.params.endpointId));
  });

  router.patch('/:endpointId', manage, guards.jsonBody, validateBody(updateWebhookEndpointBodySchema), async (ctx) => {
    ok(ctx, await endpoints.update(principalOf(ctx), ctx.params.endpointId, ctx.state.body));
  });

  router.delete('/:endpointId', manage, async (ctx) => {
    ok(ctx, await endpoints.remove(principalOf(ctx), ctx.params.endpointId));
  });

  router.post('/:endpointId/rotate-secret', manage, async (ctx) => {
    ok(ctx, await endpoints.rotateSecret(principalOf(ctx), ctx.params.endpointId));
  });

  router.post('/:endpointId/test', manage, async (ctx) => {
    ok(ctx, await endpoints.sendTest(principalOf(ctx), ctx.params.endpointId), 202);
  });

  router.get('/:endpointId/deliveries', manage, validateQuery(webhookPageQuerySchema), async (ctx) => {
    ok(ctx, await endpoints.deliveries(principalOf(ctx), ctx.params.endpointId, ctx.state.query));
  });

  router.post('/:endpointId/deliveries/:deliveryId/retry', manage, async (ctx) => {
    ok(ctx, await endpoints.retryDelivery(principalOf(ctx), ctx.params.endpointId, ctx.params.deliveryId), 202);
  });

  return router;
}

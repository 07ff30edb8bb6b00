// Business profile endpoints (spec 4.3) not yet declared as operations (src/operations/profiles.ts
// has the profile itself, src/operations/catalog.ts its services, hours and dates). Each route reads as: guard -> body -> validate -> use case -> envelope.
import Router from '@koa/router';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody } from '../http/validate';
import { requestVerificationBodySchema } from '../schemas/endpoints/verification';
import type { VerificationService } from '../services/verificationService';
import { protect, type RouteGuards } from './routeGuards';

export function profileRoutes(deps: { guards: RouteGuards; verifications: VerificationService }): Router {
  const { guards, verifications } = deps;
  // Each route's scope (read:businesses, write:businesses) is its entry in http/routeScopes.ts.
  const guarded = protect(guards, 'general');
  const json = guards.jsonBody;
  const router = new Router({ prefix: '/business/profile' });

  router.post('/:businessId/verification', guarded, json, validateBody(requestVerificationBodySchema), async (ctx) => {
    ok(ctx, await verifications.request(principalOf(ctx), ctx.params.businessId, ctx.state.body));
  });

  router.get('/:businessId/verification', guarded, async (ctx) => {
    ok(ctx, await verifications.history(principalOf(ctx), ctx.params.businessId));
  });

  return router;
}

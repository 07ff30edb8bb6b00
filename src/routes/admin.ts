// Admin-only endpoints: the verification queue and account settings (plan, suspension, enterprise
// custom limits); partnership agreements are routes/partnerAgreements.ts. The first admin comes from `npm run admin:create`.
import Router from '@koa/router';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { updateAccountBodySchema, verificationDecisionBodySchema, verificationQueueQuerySchema } from '../schemas/endpoints/admin';
import type { AccountAdminService } from '../services/accountAdminService';
import type { VerificationService } from '../services/verificationService';
import { protect, type RouteGuards } from './routeGuards';

export function adminRoutes(deps: { guards: RouteGuards; verifications: VerificationService; accounts: AccountAdminService }): Router {
  const { guards, verifications, accounts } = deps;
  // Admin only: the routes' entries in http/routeScopes.ts.
  const admin = [protect(guards, 'general')];
  const router = new Router({ prefix: '/admin' });

  router.get('/verifications', ...admin, validateQuery(verificationQueueQuerySchema), async (ctx) => {
    ok(ctx, await verifications.pending(principalOf(ctx), ctx.state.query));
  });

  router.post('/verifications/:verificationId/decision', ...admin, guards.jsonBody, validateBody(verificationDecisionBodySchema), async (ctx) => {
    ok(ctx, await verifications.decide(principalOf(ctx), ctx.params.verificationId, ctx.state.body));
  });

  router.patch('/accounts/:accountId', ...admin, guards.jsonBody, validateBody(updateAccountBodySchema), async (ctx) => {
    ok(ctx, await accounts.update(ctx.params.accountId, ctx.state.body));
  });

  return router;
}

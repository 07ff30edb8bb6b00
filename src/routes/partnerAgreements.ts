// /admin/partner-agreements (issue 20): admins record which accounts are partners, for what and
// until when. Admin only: the routes' entries in http/routeScopes.ts.
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { validateBody, validateQuery } from '../http/validate';
import { createPartnerAgreementBodySchema, listPartnerAgreementsQuerySchema, updatePartnerAgreementBodySchema } from '../schemas/endpoints/partnerAgreements';
import type { PartnerAgreementService } from '../services/partners/partnerAgreementService';
import { protect, type RouteGuards } from './routeGuards';

export function partnerAgreementRoutes(deps: { guards: RouteGuards; agreements: PartnerAgreementService }): Router {
  const { guards, agreements } = deps;
  const admin = protect(guards, 'general');
  const router = new Router({ prefix: '/admin/partner-agreements' });

  router.post('/', admin, guards.jsonBody, validateBody(createPartnerAgreementBodySchema), async (ctx) => {
    const agreement = await agreements.create(ctx.state.body);
    ctx.set('Location', `/v1/admin/partner-agreements/${agreement.id}`);
    created(ctx, agreement);
  });

  router.get('/', admin, validateQuery(listPartnerAgreementsQuerySchema), async (ctx) => {
    ok(ctx, await agreements.list(ctx.state.query));
  });

  router.get('/:agreementId', admin, async (ctx) => {
    ok(ctx, await agreements.get(ctx.params.agreementId));
  });

  router.patch('/:agreementId', admin, guards.jsonBody, validateBody(updatePartnerAgreementBodySchema), async (ctx) => {
    ok(ctx, await agreements.update(ctx.params.agreementId, ctx.state.body));
  });

  return router;
}

// Business profile endpoints (spec 4.3) not yet declared as operations (src/operations/profiles.ts has the profile itself). Each route reads as: guard -> body -> validate -> use case -> envelope.
import Router from '@koa/router';
import type { Context } from 'koa';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateBodyOrQuery } from '../http/validate';
import { addBlackoutDatesBodySchema, removeBlackoutDatesBodySchema, removeBlackoutDatesQuerySchema } from '../schemas/endpoints/blackoutDates';
import { updateExclusiveContentBodySchema } from '../schemas/endpoints/exclusiveContent';
import { updateHoursBodySchema } from '../schemas/endpoints/hours';
import { createServiceBodySchema, updateServiceBodySchema } from '../schemas/endpoints/services';
import { requestVerificationBodySchema } from '../schemas/endpoints/verification';
import type { CatalogService } from '../services/catalogService';
import type { Revised } from '../services/profileMutation';
import type { ProfileService } from '../services/profileService';
import type { VerificationService } from '../services/verificationService';
import { protect, type RouteGuards } from './routeGuards';

/** The request's If-Match, for a write that applies only to the revision the client read. */
function ifMatchOf(ctx: Context): string | undefined {
  return ctx.get('If-Match') || undefined;
}

/** A write's answer, with the profile's new ETag so the next conditional write can use it. */
function sendRevised<T>(ctx: Context, { value, etag }: Revised<T>, status = 200): void {
  ctx.set('ETag', etag);
  ok(ctx, value, status);
}

export function profileRoutes(deps: { guards: RouteGuards; profiles: ProfileService; catalog: CatalogService; verifications: VerificationService }): Router {
  const { guards, profiles, catalog, verifications } = deps;
  // Each route's scope (read:businesses, write:businesses) is its entry in http/routeScopes.ts.
  const guarded = protect(guards, 'general');
  const json = guards.jsonBody;
  const router = new Router({ prefix: '/business/profile' });

  router.post('/:businessId/services', guarded, json, validateBody(createServiceBodySchema), async (ctx) => {
    sendRevised(ctx, await catalog.add(principalOf(ctx), ctx.params.businessId, ctx.state.body, ifMatchOf(ctx)), 201);
  });

  router.patch('/:businessId/services/:serviceId', guarded, json, validateBody(updateServiceBodySchema), async (ctx) => {
    sendRevised(ctx, await catalog.update(principalOf(ctx), ctx.params.businessId, ctx.params.serviceId, ctx.state.body, ifMatchOf(ctx)));
  });

  router.delete('/:businessId/services/:serviceId', guarded, async (ctx) => {
    sendRevised(ctx, await catalog.remove(principalOf(ctx), ctx.params.businessId, ctx.params.serviceId, ifMatchOf(ctx)));
  });

  router.patch('/:businessId/exclusive-content', guarded, json, validateBody(updateExclusiveContentBodySchema), async (ctx) => {
    sendRevised(ctx, await profiles.setExclusiveContent(principalOf(ctx), ctx.params.businessId, ctx.state.body, ifMatchOf(ctx)));
  });

  router.patch('/:businessId/hours', guarded, json, validateBody(updateHoursBodySchema), async (ctx) => {
    sendRevised(ctx, await profiles.setHours(principalOf(ctx), ctx.params.businessId, ctx.state.body, ifMatchOf(ctx)));
  });

  router.get('/:businessId/blackout-dates', guarded, async (ctx) => {
    ok(ctx, await profiles.listBlackoutDates(principalOf(ctx), ctx.params.businessId));
  });

  router.post('/:businessId/blackout-dates', guarded, json, validateBody(addBlackoutDatesBodySchema), async (ctx) => {
    sendRevised(ctx, await profiles.addBlackoutDates(principalOf(ctx), ctx.params.businessId, ctx.state.body.dates, ifMatchOf(ctx)));
  });

  router.delete('/:businessId/blackout-dates', guarded, json, validateBodyOrQuery(removeBlackoutDatesBodySchema, removeBlackoutDatesQuerySchema), async (ctx) => {
    sendRevised(ctx, await profiles.removeBlackoutDates(principalOf(ctx), ctx.params.businessId, ctx.state.body.dates, ifMatchOf(ctx)));
  });

  router.post('/:businessId/verification', guarded, json, validateBody(requestVerificationBodySchema), async (ctx) => {
    ok(ctx, await verifications.request(principalOf(ctx), ctx.params.businessId, ctx.state.body));
  });

  router.get('/:businessId/verification', guarded, async (ctx) => {
    ok(ctx, await verifications.history(principalOf(ctx), ctx.params.businessId));
  });

  return router;
}

// Business profile endpoints (spec 4.3). Each route reads as: guard -> body -> validate -> use case -> envelope.
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import {
  addBlackoutDatesBody,
  createProfileBody,
  createServiceBody,
  exclusiveContentBody,
  hoursBody,
  patchProfileBody,
  patchServiceBody,
  profileStatusQuery,
  removeBlackoutDatesQuery,
  requestVerificationBody,
} from '../schemas/endpoints/profile';
import type { CatalogService } from '../services/catalogService';
import { etagOf } from '../services/profileMutation';
import type { ProfileService } from '../services/profileService';
import type { VerificationService } from '../services/verificationService';
import { presentProfile } from './presenters/profilePresenter';
import { protect, type RouteGuards } from './routeGuards';

export function profileRoutes(deps: {
  guards: RouteGuards;
  profiles: ProfileService;
  catalog: CatalogService;
  verifications: VerificationService;
}): Router {
  const { guards, profiles, catalog, verifications } = deps;
  const read = protect(guards, 'general', 'read:businesses');
  const write = protect(guards, 'general', 'write:businesses');
  const json = guards.jsonBody;
  const router = new Router({ prefix: '/business/profile' });

  router.post('/', write, json, validateBody(createProfileBody), async (ctx) => {
    const profile = await profiles.create(principalOf(ctx), ctx.state.body);
    ctx.set('ETag', etagOf(profile));
    ctx.set('Location', `/v1/business/profile/${profile.id}`);
    created(ctx, { id: profile.id, name: profile.name, status: profile.status, createdAt: profile.createdAt });
  });

  // Declared before /:businessId so "status" is not taken for an id.
  router.get('/status', read, validateQuery(profileStatusQuery), async (ctx) => {
    ok(ctx, await profiles.status(principalOf(ctx), ctx.state.query.businessId));
  });

  router.get('/:businessId', read, async (ctx) => {
    const profile = await profiles.read(principalOf(ctx), ctx.params.businessId);
    ctx.set('ETag', etagOf(profile));
    ctx.set('Cache-Control', 'private, no-cache');
    ok(ctx, presentProfile(profile));
  });

  router.patch('/:businessId', write, json, validateBody(patchProfileBody), async (ctx) => {
    const ifMatch = ctx.get('If-Match') || undefined;
    const profile = await profiles.patch(principalOf(ctx), ctx.params.businessId, ctx.state.body, ifMatch);
    ctx.set('ETag', etagOf(profile));
    ok(ctx, { id: profile.id, status: profile.status, updatedAt: profile.updatedAt });
  });

  router.delete('/:businessId', write, async (ctx) => {
    ok(ctx, await profiles.remove(principalOf(ctx), ctx.params.businessId));
  });

  router.post('/:businessId/services', write, json, validateBody(createServiceBody), async (ctx) => {
    const service = await catalog.add(principalOf(ctx), ctx.params.businessId, ctx.state.body);
    created(ctx, service);
  });

  router.patch('/:businessId/services/:serviceId', write, json, validateBody(patchServiceBody), async (ctx) => {
    ok(ctx, await catalog.update(principalOf(ctx), ctx.params.businessId, ctx.params.serviceId, ctx.state.body));
  });

  router.delete('/:businessId/services/:serviceId', write, async (ctx) => {
    ok(ctx, await catalog.remove(principalOf(ctx), ctx.params.businessId, ctx.params.serviceId));
  });

  router.patch('/:businessId/exclusive-content', write, json, validateBody(exclusiveContentBody), async (ctx) => {
    ok(ctx, await profiles.setExclusiveContent(principalOf(ctx), ctx.params.businessId, ctx.state.body));
  });

  router.patch('/:businessId/hours', write, json, validateBody(hoursBody), async (ctx) => {
    ok(ctx, await profiles.setHours(principalOf(ctx), ctx.params.businessId, ctx.state.body));
  });

  router.get('/:businessId/blackout-dates', read, async (ctx) => {
    ok(ctx, await profiles.listBlackoutDates(principalOf(ctx), ctx.params.businessId));
  });

  router.post('/:businessId/blackout-dates', write, json, validateBody(addBlackoutDatesBody), async (ctx) => {
    ok(ctx, await profiles.addBlackoutDates(principalOf(ctx), ctx.params.businessId, ctx.state.body.dates));
  });

  router.delete('/:businessId/blackout-dates', write, validateQuery(removeBlackoutDatesQuery), async (ctx) => {
    ok(ctx, await profiles.removeBlackoutDates(principalOf(ctx), ctx.params.businessId, ctx.state.query.dates));
  });

  router.post('/:businessId/verification', write, json, validateBody(requestVerificationBody), async (ctx) => {
    ok(ctx, await verifications.request(principalOf(ctx), ctx.params.businessId, ctx.state.body));
  });

  router.get('/:businessId/verification', read, async (ctx) => {
    ok(ctx, await verifications.history(principalOf(ctx), ctx.params.businessId));
  });

  return router;
}

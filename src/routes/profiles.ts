// Business profile endpoints (spec 4.3). Each route reads as: guard -> body -> validate -> use case -> envelope.
import Router from '@koa/router';
import type { Context } from 'koa';
import { ifNoneMatchMatches } from '../domain/entityTags';
import { sessionStoreKey } from '../domain/search/sessionScope';
import { isSessionId } from '../domain/sessionId';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateBodyOrQuery, validateQuery } from '../http/validate';
import { addBlackoutDatesBodySchema, removeBlackoutDatesBodySchema, removeBlackoutDatesQuerySchema } from '../schemas/endpoints/blackoutDates';
import { updateExclusiveContentBodySchema } from '../schemas/endpoints/exclusiveContent';
import { updateHoursBodySchema } from '../schemas/endpoints/hours';
import { createProfileBodySchema, profileStatusQuerySchema, updateProfileBodySchema } from '../schemas/endpoints/profile';
import { listOwnedProfilesQuerySchema } from '../schemas/endpoints/profileList';
import { createServiceBodySchema, updateServiceBodySchema } from '../schemas/endpoints/services';
import { requestVerificationBodySchema } from '../schemas/endpoints/verification';
import type { SessionStore } from '../ports/sessionStore';
import type { CatalogService } from '../services/catalogService';
import type { OwnedProfiles } from '../services/ownedProfiles';
import { etagOf, type Revised } from '../services/profileMutation';
import type { ProfileService } from '../services/profileService';
import type { VerificationService } from '../services/verificationService';
import { presentProfile } from '../presenters/profilePresenter';
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

export function profileRoutes(deps: {
  guards: RouteGuards;
  profiles: ProfileService;
  catalog: CatalogService;
  verifications: VerificationService;
  sessions: SessionStore;
  ownedProfiles: OwnedProfiles;
}): Router {
  const { guards, profiles, catalog, verifications, sessions, ownedProfiles } = deps;
  // Each route's scope (read:businesses, write:businesses) is its entry in http/routeScopes.ts.
  const guarded = protect(guards, 'general');
  const json = guards.jsonBody;
  const router = new Router({ prefix: '/business/profile' });

  router.post('/', guarded, json, validateBody(createProfileBodySchema), async (ctx) => {
    const profile = await profiles.create(principalOf(ctx), ctx.state.body);
    ctx.set('ETag', etagOf(profile));
    ctx.set('Location', `/v1/business/profile/${profile.id}`);
    created(ctx, { id: profile.id, name: profile.name, status: profile.status, createdAt: profile.createdAt });
  });

  router.get('/', guarded, validateQuery(listOwnedProfilesQuerySchema), async (ctx) => {
    ok(ctx, await ownedProfiles.list(principalOf(ctx), ctx.state.query));
  });

  // Declared before /:businessId so "status" is not taken for an id.
  router.get('/status', guarded, validateQuery(profileStatusQuerySchema), async (ctx) => {
    ok(ctx, await profiles.status(principalOf(ctx), ctx.state.query.businessId));
  });

  router.get('/:businessId', guarded, async (ctx) => {
    const profile = await profiles.read(principalOf(ctx), ctx.params.businessId);
    const etag = etagOf(profile);
    // A malformed If-None-Match is refused (400) before the view counts or any header is set.
    const ifNoneMatch = ctx.get('If-None-Match');
    const current = ifNoneMatch !== '' && ifNoneMatchMatches(ifNoneMatch, etag);
    // A consumer viewing a profile teaches its search session (personalisation).
    const sessionId = ctx.get('X-Session-ID');
    if (isSessionId(sessionId)) await sessions.recordView(sessionStoreKey(principalOf(ctx), sessionId), profile.id, profile.category).catch(() => undefined);
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'private, no-cache');
    // The client's copy is current: 304 with the same headers and no body (RFC 9110 13.1.2).
    if (current) {
      ctx.status = 304;
      return;
    }
    ok(ctx, presentProfile(profile));
  });

  router.patch('/:businessId', guarded, json, validateBody(updateProfileBodySchema), async (ctx) => {
    const profile = await profiles.patch(principalOf(ctx), ctx.params.businessId, ctx.state.body, ifMatchOf(ctx));
    ctx.set('ETag', etagOf(profile));
    ok(ctx, { id: profile.id, status: profile.status, updatedAt: profile.updatedAt });
  });

  router.delete('/:businessId', guarded, async (ctx) => {
    const principal = principalOf(ctx);
    // No ETag in the answer: a deleted profile has no revision left to read or change.
    const deleted = await profiles.remove(principal, ctx.params.businessId, ifMatchOf(ctx));
    // Its pending verification leaves the admin queue. Should this step fail, an admin's decision
    // on the request still closes it (verificationService.settle checks the profile first).
    await verifications.closeForDeletedProfile(principal, deleted.id);
    ok(ctx, deleted);
  });

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

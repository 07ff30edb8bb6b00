// AI platform names for analytics (issue 18): admins register names beyond the built-in list;
// any caller may read the list (to know what X-AI-Platform and API key `platform` accept).
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody } from '../http/validate';
import { registerPlatformBodySchema } from '../schemas/endpoints/analyticsPlatforms';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import { protect, type RouteGuards } from './routeGuards';

export function analyticsPlatformRoutes(deps: { guards: RouteGuards; platforms: PlatformRegistry }): Router {
  const { guards, platforms } = deps;
  const admin = [protect(guards, 'general')];
  const router = new Router();

  router.get('/admin/analytics-platforms', ...admin, async (ctx) => {
    ok(ctx, { platforms: await platforms.list() });
  });

  router.post('/admin/analytics-platforms', ...admin, guards.jsonBody, validateBody(registerPlatformBodySchema), async (ctx) => {
    const record = await platforms.register(principalOf(ctx).accountId, ctx.state.body);
    created(ctx, { name: record.name, displayName: record.displayName, builtIn: false, createdAt: record.createdAt });
  });

  router.get('/analytics/platforms', protect(guards, 'general'), async (ctx) => {
    ok(ctx, { platforms: (await platforms.list()).map(({ name, displayName, builtIn }) => ({ name, displayName, builtIn })) });
  });

  return router;
}

// Analytics endpoints (spec 4.4): four GETs, each answering its result object directly, without
// the envelope (spec 2.1); errors keep the envelope like everywhere else. Every one: credential,
// the analytics rate-limit area, scope read:analytics, then the query, then the business check.
import Router from '@koa/router';
import type { Context } from 'koa';
import { principalOf } from '../http/principal';
import { validateQuery } from '../http/validate';
import {
  attributionQuerySchema,
  benchmarksQuerySchema,
  intentJourneysQuerySchema,
  upstreamMetricsQuerySchema,
} from '../schemas/endpoints/analytics';
import type { AnalyticsQuestionServices } from '../services/analytics/analyticsServices';
import { protect, type RouteGuards } from './routeGuards';

/** The bare result; the numbers are one business's own, so shared caches must not keep them. */
function answer(ctx: Context, result: unknown): void {
  ctx.set('Cache-Control', 'private, no-cache');
  ctx.body = result;
}

export function analyticsRoutes(deps: { guards: RouteGuards; services: AnalyticsQuestionServices }): Router {
  const { guards, services } = deps;
  const guard = protect(guards, 'analytics');
  const router = new Router({ prefix: '/analytics' });

  router.get('/upstream-metrics', guard, validateQuery(upstreamMetricsQuerySchema), async (ctx) => {
    answer(ctx, await services.upstreamMetrics(principalOf(ctx), ctx.state.query));
  });
  router.get('/intent-journeys', guard, validateQuery(intentJourneysQuerySchema), async (ctx) => {
    answer(ctx, await services.intentJourneys(principalOf(ctx), ctx.state.query));
  });
  router.get('/attribution', guard, validateQuery(attributionQuerySchema), async (ctx) => {
    answer(ctx, await services.attribution(principalOf(ctx), ctx.state.query));
  });
  router.get('/benchmarks', guard, validateQuery(benchmarksQuerySchema), async (ctx) => {
    answer(ctx, await services.benchmarks(principalOf(ctx), ctx.state.query));
  });
  return router;
}

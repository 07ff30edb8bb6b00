// Search endpoints (spec 4.2), under the repeated /api/v1 prefix the spec uses. Consumer and
// partner answers are recorded for analytics (issue 18) once they are built, without waiting:
// the consumer search's own record stage, the partner search's here.
import Router from '@koa/router';
import { isSessionId } from '../domain/sessionId';
import { aiPlatform, aiPlatformOf } from '../http/aiPlatform';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { consumerSearchBodySchema } from '../schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../schemas/endpoints/partnerSearch';
import type { RecordAnswer } from '../services/analytics/answerRecording';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import type { TrackedLinks } from '../services/analytics/trackedLinks';
import type { ConsumerSearch } from '../services/search/consumerSearch';
import type { ListingSearch } from '../services/search/listingSearch';
import { presentConsumerResult, presentListingPage } from '../presenters/searchResultPresenter';
import { trackedUrlAdder } from '../http/trackedUrl';
import { protect, type RouteGuards } from './routeGuards';

/** What search answers need for analytics: the platform of the call, the recorder, tracked links. */
export interface SearchAnalytics {
  platforms: Pick<PlatformRegistry, 'resolve'>;
  recordAnswer: RecordAnswer;
  trackedLinks: Pick<TrackedLinks, 'urlFor'>;
  publicUrl?: string;
}

export function searchRoutes(deps: { guards: RouteGuards; consumerSearch: ConsumerSearch; listings: ListingSearch; analytics: SearchAnalytics }): Router {
  const { guards, consumerSearch, listings, analytics } = deps;
  const search = protect(guards, 'search');
  const platform = aiPlatform(analytics.platforms);
  const router = new Router({ prefix: '/api/v1' });

  router.post('/consumer/search', search, platform, guards.jsonBody, validateBody(consumerSearchBodySchema), async (ctx) => {
    const principal = principalOf(ctx);
    // The search's record stage records the answer for analytics.
    const answeredOn = { surface: 'consumer' as const, platform: aiPlatformOf(ctx) };
    const result = await consumerSearch(principal, ctx.state.body, ctx.get('X-Session-ID') || undefined, answeredOn);
    const journey = { environment: principal.environment, journeyId: result.sessionId, platform: answeredOn.platform };
    const withTrackedUrl = trackedUrlAdder(ctx, analytics.trackedLinks, analytics.publicUrl, journey);
    ctx.set('X-Session-ID', result.sessionId);
    ok(ctx, {
      query: result.query,
      ...(result.correctedQuery !== undefined && { correctedQuery: result.correctedQuery }),
      response: result.response,
      businesses: result.results.map((ranked) => withTrackedUrl(presentConsumerResult(ranked))),
      total: result.total,
      totalIsEstimate: result.totalIsEstimate,
      sessionId: result.sessionId,
      pagination: result.pagination,
    });
  });

  router.get('/directory', search, validateQuery(directoryQuerySchema), async (ctx) => {
    const query = ctx.state.query;
    ok(ctx, presentListingPage(await listings.directory(principalOf(ctx), query), query));
  });

  router.get('/partners/search', search, platform, validateQuery(partnerSearchQuerySchema), async (ctx) => {
    const principal = principalOf(ctx);
    const query = ctx.state.query;
    const found = await listings.partner(principal, query);
    // A partner's journey is the consumer session it relays, when it sends one; there is none otherwise.
    const sent = ctx.get('X-Session-ID');
    const journeyId = isSessionId(sent) ? sent : undefined;
    const journey = { environment: principal.environment, journeyId, platform: aiPlatformOf(ctx) };
    analytics.recordAnswer({
      principal,
      surface: 'partner',
      platform: journey.platform,
      journeyId,
      query: found.correctedQuery ?? query.q,
      businesses: found.hits.map((hit) => hit.document),
    });
    const page = presentListingPage(found, query);
    const withTrackedUrl = trackedUrlAdder(ctx, analytics.trackedLinks, analytics.publicUrl, journey);
    for (const item of page.businesses) withTrackedUrl(item);
    ok(ctx, page);
  });

  return router;
}

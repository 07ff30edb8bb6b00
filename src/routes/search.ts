// Search endpoints (spec 4.2), under the repeated /api/v1 prefix the spec uses.
import Router from '@koa/router';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { consumerSearchBodySchema } from '../schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../schemas/endpoints/directory';
import { partnerSearchQuerySchema } from '../schemas/endpoints/partnerSearch';
import type { ConsumerSearch } from '../services/search/consumerSearch';
import type { ListingSearch } from '../services/search/listingSearch';
import { presentConsumerResult, presentListingPage } from './presenters/searchResultPresenter';
import { protect, type RouteGuards } from './routeGuards';

export function searchRoutes(deps: { guards: RouteGuards; consumerSearch: ConsumerSearch; listings: ListingSearch }): Router {
  const { guards, consumerSearch, listings } = deps;
  const search = protect(guards, 'search', 'read:businesses');
  const router = new Router({ prefix: '/api/v1' });

  router.post('/consumer/search', search, guards.jsonBody, validateBody(consumerSearchBodySchema), async (ctx) => {
    const result = await consumerSearch(principalOf(ctx), ctx.state.body, ctx.get('X-Session-ID') || undefined);
    ctx.set('X-Session-ID', result.sessionId);
    ok(ctx, {
      query: result.query,
      ...(result.correctedQuery !== undefined && { correctedQuery: result.correctedQuery }),
      response: result.response,
      businesses: result.results.map(presentConsumerResult),
      total: result.total,
      sessionId: result.sessionId,
      pagination: result.pagination,
    });
  });

  router.get('/directory', search, validateQuery(directoryQuerySchema), async (ctx) => {
    const query = ctx.state.query;
    ok(ctx, presentListingPage(await listings.directory(principalOf(ctx), query), query));
  });

  router.get('/partners/search', search, validateQuery(partnerSearchQuerySchema), async (ctx) => {
    const query = ctx.state.query;
    ok(ctx, presentListingPage(await listings.partner(principalOf(ctx), query), query));
  });

  return router;
}

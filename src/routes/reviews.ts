// Reviews of a business (issue 21). Each route reads as: guard -> body -> validate -> use case -> envelope.
import Router from '@koa/router';
import { created, ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { validateBody, validateQuery } from '../http/validate';
import { createReviewBodySchema, listReviewsQuerySchema, reviewModerationBodySchema, reviewReplyBodySchema, updateReviewBodySchema } from '../schemas/endpoints/reviews';
import type { ReviewService } from '../services/reviews/reviewService';
import { protect, type RouteGuards } from './routeGuards';

export function reviewRoutes(deps: { guards: RouteGuards; reviews: ReviewService }): Router {
  const { guards, reviews } = deps;
  // Scopes (read:reviews, write:reviews; moderation: admin) are the routes' entries in http/routeScopes.ts.
  const read = protect(guards, 'general');
  const write = read;
  const json = guards.jsonBody;
  const router = new Router({ prefix: '/business/profile/:businessId/reviews' });

  router.post('/', write, json, validateBody(createReviewBodySchema), async (ctx) => {
    const review = await reviews.create(principalOf(ctx), ctx.params.businessId, ctx.state.body);
    ctx.set('Location', `/v1/business/profile/${review.businessId}/reviews/${review.id}`);
    created(ctx, review);
  });

  router.get('/', read, validateQuery(listReviewsQuerySchema), async (ctx) => {
    ok(ctx, await reviews.list(principalOf(ctx), ctx.params.businessId, ctx.state.query));
  });

  router.get('/:reviewId', read, async (ctx) => {
    ok(ctx, await reviews.read(principalOf(ctx), ctx.params.businessId, ctx.params.reviewId));
  });

  router.patch('/:reviewId', write, json, validateBody(updateReviewBodySchema), async (ctx) => {
    ok(ctx, await reviews.edit(principalOf(ctx), ctx.params.businessId, ctx.params.reviewId, ctx.state.body));
  });

  // The owner's one public answer: PUT creates it or replaces its text.
  router.put('/:reviewId/reply', write, json, validateBody(reviewReplyBodySchema), async (ctx) => {
    ok(ctx, await reviews.reply(principalOf(ctx), ctx.params.businessId, ctx.params.reviewId, ctx.state.body.text));
  });

  router.put('/:reviewId/moderation', write, json, validateBody(reviewModerationBodySchema), async (ctx) => {
    ok(ctx, await reviews.moderate(principalOf(ctx), ctx.params.businessId, ctx.params.reviewId, ctx.state.body));
  });

  return router;
}

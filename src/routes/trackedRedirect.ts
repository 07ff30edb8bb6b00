// GET /r/{token} (issue 18): the tracked link of a search result. No credential: the consumer's
// browser follows it. Limited per client address like other unauthenticated calls (the general
// area's free tier). Answers 302 to the website stored on the profile now; never caches, so a
// website changed after the answer is followed at once.
import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { TrackedLinks } from '../services/analytics/trackedLinks';

export function trackedRedirectRoutes(deps: { trackedLinks: Pick<TrackedLinks, 'follow'>; rateLimit: Middleware }): Router {
  const router = new Router();

  router.get('/r/:token', deps.rateLimit, async (ctx) => {
    const website = await deps.trackedLinks.follow(ctx.params.token);
    ctx.set('Cache-Control', 'no-store');
    // The destination learns nothing of the API's URL (the token) from the Referer.
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.status = 302;
    ctx.redirect(website);
  });

  return router;
}

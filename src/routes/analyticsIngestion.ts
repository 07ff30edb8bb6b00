// POST /analytics/events (issue 18): partners and businesses report what happened after an
// answer. A business write (write:businesses scope: reporting on one's own business, or as a
// partner on a published one), in the analytics rate-limit area, with Idempotency-Key support.
import Router from '@koa/router';
import { ValidationError } from '../domain/errors';
import { aiPlatform, aiPlatformOf } from '../http/aiPlatform';
import { ok } from '../http/envelope';
import { principalOf } from '../http/principal';
import { assertValid } from '../schemas/check';
import { type IngestEventsBody, ingestEventsBodySchema } from '../schemas/endpoints/analyticsEvents';
import type { EventIngestion } from '../services/analytics/eventIngestion';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import { protect, type RouteGuards } from './routeGuards';

/** `events.3.timestamp` -> `events[3].timestamp`: items of the batch are named as arrays are written. */
function checkedBatch(body: unknown): IngestEventsBody {
  try {
    if (body === undefined || body === null) throw new ValidationError('body', 'is required (send a JSON object)');
    return assertValid<IngestEventsBody>(ingestEventsBodySchema, body);
  } catch (error) {
    if (!(error instanceof ValidationError) || !error.details?.field) throw error;
    const field = String(error.details.field).replace(/^events\.(\d+)/, 'events[$1]');
    throw new ValidationError(field, String(error.details.issue));
  }
}

export function analyticsIngestionRoutes(deps: { guards: RouteGuards; ingest: EventIngestion; platforms: Pick<PlatformRegistry, 'resolve'> }): Router {
  const { guards, ingest } = deps;
  const router = new Router({ prefix: '/analytics' });

  router.post('/events', protect(guards, 'analytics'), aiPlatform(deps.platforms), guards.jsonBody, async (ctx) => {
    const { events } = checkedBatch(ctx.request.body);
    const result = await ingest(principalOf(ctx), aiPlatformOf(ctx), events);
    ok(ctx, { accepted: result.accepted, duplicates: result.duplicates }, 202);
  });

  return router;
}

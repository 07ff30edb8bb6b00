// Unauthenticated operational endpoints: liveness, readiness, the OpenAPI document.
import Router from '@koa/router';
import { ok, fail } from '../http/envelope';

export interface ReadinessReport {
  ready: boolean;
  backends: Record<string, { engine: string; ok: boolean; error?: string }>;
  indexer?: Record<string, unknown>;
}

export function systemRoutes(deps: { readiness: () => Promise<ReadinessReport>; openApiDocument: object }): Router {
  const router = new Router();

  router.get('/health', (ctx) => {
    ok(ctx, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });

  router.get('/ready', async (ctx) => {
    const report = await deps.readiness();
    if (report.ready) ok(ctx, report);
    else fail(ctx, 503, 'SERVICE_UNAVAILABLE', 'One or more backends are not ready', report as never);
  });

  router.get('/openapi.json', (ctx) => {
    ctx.body = deps.openApiDocument;
  });

  return router;
}

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
    // A stalled indexer means every write since it stalled is missing from search: not ready.
    const indexerStalled = report.indexer?.stalled === true;
    if (report.ready && !indexerStalled) return ok(ctx, report);
    const message = report.ready
      ? `The search indexer has failed every batch since ${String(report.indexer?.failingSince)}; search results are going stale`
      : 'One or more backends are not ready';
    fail(ctx, 503, 'SERVICE_UNAVAILABLE', message, { ...report, ready: false } as never);
  });

  router.get('/openapi.json', (ctx) => {
    ctx.body = deps.openApiDocument;
  });

  return router;
}

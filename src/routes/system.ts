// Unauthenticated operational endpoints: liveness, readiness, the OpenAPI document.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { ok, fail } from '../http/envelope';

export interface ReadinessReport {
  ready: boolean;
  backends: Record<string, { engine: string; ok: boolean; error?: string }>;
  indexer?: Record<string, unknown>;
  /** The recorder of the service's own analytics events in this process: counters and bounds. */
  analyticsRecorder?: Record<string, number>;
}

const UNREACHABLE = 'unreachable; the server log has the reason';
const BATCH_FAILED = 'the last batch failed; the indexer log has the error';

/**
 * Even for admins, error texts (a driver's "connect ECONNREFUSED 10.0.0.7:9200", a stack's
 * message) stay in the server log, and the answer says only what failed.
 */
function withoutErrorTexts(report: ReadinessReport): ReadinessReport {
  const backends = Object.fromEntries(
    Object.entries(report.backends).map(([name, backend]) => [name, backend.error === undefined ? backend : { ...backend, error: UNREACHABLE }]),
  );
  if (!report.indexer) return { ...report, backends };
  const { lastError, lastSkipped } = report.indexer as { lastError?: unknown; lastSkipped?: Record<string, unknown> | null };
  const indexer: Record<string, unknown> = { ...report.indexer, ...(lastError !== undefined && { lastError: lastError ? BATCH_FAILED : null }) };
  // The profile's id and environment are in the log; a public answer gives only when.
  if (lastSkipped) indexer.lastSkipped = { at: lastSkipped.at };
  return { ...report, backends, indexer };
}

/**
 * Whether the caller is an admin. /ready stays public for load balancers: a missing or bad
 * credential is simply an anonymous caller, never a 401.
 */
async function isAdmin(ctx: Context, authenticate: Middleware | undefined): Promise<boolean> {
  if (!authenticate || !ctx.get('Authorization')) return false;
  try {
    await authenticate(ctx, async () => undefined);
  } catch {
    ctx.remove('WWW-Authenticate');
    return false;
  }
  return (ctx.state.principal as { role?: string } | undefined)?.role === 'admin';
}

export function systemRoutes(deps: { readiness: () => Promise<ReadinessReport>; openApiDocument: object; authenticate?: Middleware }): Router {
  const router = new Router();

  router.get('/health', (ctx) => {
    ok(ctx, { status: 'ok', uptimeSeconds: Math.round(process.uptime()) });
  });

  router.get('/ready', async (ctx) => {
    const report = withoutErrorTexts(await deps.readiness());
    // A stalled indexer means every write since it stalled is missing from search: not ready.
    const indexerStalled = report.indexer?.stalled === true;
    const ready = report.ready && !indexerStalled;
    // Engine names, versions and the indexer's state tell an attacker what runs here: admins only.
    if (!(await isAdmin(ctx, deps.authenticate))) {
      if (ready) return ok(ctx, { ready: true });
      return fail(ctx, 503, 'SERVICE_UNAVAILABLE', 'The service is not ready');
    }
    if (ready) return ok(ctx, report);
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

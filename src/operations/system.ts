// Liveness, readiness and the OpenAPI document: public, never rate limited.
import { PUBLIC } from '../core/operation';
import { UnavailableError } from '../domain/errors';
import type { ReadinessReport } from '../ports/readiness';
import { responseSchema } from '../schemas/catalogue';
import { operation } from './declare';

const tag = 'System';

export const health = operation({
  name: 'health',
  access: PUBLIC,
  rateLimit: 'none',
  input: {},
  output: responseSchema('Health'),
  errors: [],
  http: { method: 'GET', path: '/health' },
  docs: { tag, summary: 'Liveness: the process answers', successDescription: 'Alive.', usesBackend: false },
  run: async () => ({ data: { status: 'ok' as const, uptimeSeconds: Math.round(process.uptime()) } }),
});

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

export const ready = operation({
  name: 'ready',
  access: PUBLIC,
  // Public for load balancers; an admin's credential also sees each engine.
  optionalCaller: true,
  rateLimit: 'none',
  input: {},
  output: responseSchema('Readiness'),
  errors: [],
  http: { method: 'GET', path: '/ready' },
  docs: {
    tag,
    summary: 'Readiness: up or down; each backend\'s state and the indexer\'s for admins',
    description:
      '503 SERVICE_UNAVAILABLE when a backend is down or the search indexer is stalled (every batch failing ' +
      'for 60 s or more). Profiles the indexer cannot map are skipped and counted (indexer.skipped, ' +
      'indexer.lastSkipped) without making the service unready. Public, for load balancers: anyone gets up or down only, ' +
      '`{"ready": true}` or 503 with the fixed message "The service is not ready". With an admin\'s credential the answer adds ' +
      'backends (engine names) and the indexer\'s state, and a 503 says what failed (a backend, or the indexer stalled since when) ' +
      'with that report in error.details; error texts and hosts stay in the server log. A missing or bad credential is simply ' +
      'anonymous here, never 401.',
    successDescription: 'Ready to serve.',
  },
  run: async ({ readiness }, { principal }) => {
    const report = withoutErrorTexts(await readiness());
    // A stalled indexer means every write since it stalled is missing from search: not ready.
    const indexerStalled = report.indexer?.stalled === true;
    const isReady = report.ready && !indexerStalled;
    // Engine names, versions and the indexer's state tell an attacker what runs here: admins only.
    if (principal?.role !== 'admin') {
      if (isReady) return { data: { ready: true } };
      throw new UnavailableError('The service is not ready');
    }
    if (isReady) return { data: report };
    const message = report.ready
      ? `The search indexer has failed every batch since ${String(report.indexer?.failingSince)}; search results are going stale`
      : 'One or more backends are not ready';
    throw new UnavailableError(message, { ...report, ready: false });
  },
});

export const openApiDocument = operation({
  name: 'openApiDocument',
  access: PUBLIC,
  rateLimit: 'none',
  input: {},
  output: { name: 'OpenApiDocument', schema: { type: 'object' } },
  errors: [],
  http: { method: 'GET', path: '/openapi.json', envelope: false },
  docs: { tag, summary: 'This OpenAPI 3.1 document', description: 'Served as is, without the envelope.', successDescription: 'The document.', usesBackend: false },
  run: async ({ openApiDocument: document }) => ({ data: document }),
});

export const SYSTEM_OPERATIONS = [health, ready, openApiDocument];

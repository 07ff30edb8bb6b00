// Liveness, readiness and this document (issues 2, 4).
import { operation } from '../operation';

const tag = 'System';

export function systemPaths() {
  return {
    '/health': {
      get: operation({
        operationId: 'health',
        tag,
        summary: 'Liveness: the process answers',
        access: 'public',
        rateLimited: false,
        usesBackend: false,
        success: { status: 200, description: 'Alive.', data: 'Health' },
      }),
    },
    '/ready': {
      get: operation({
        operationId: 'ready',
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
        access: 'public',
        rateLimited: false,
        success: { status: 200, description: 'Ready to serve.', data: 'Readiness' },
      }),
    },
    '/openapi.json': {
      get: operation({
        operationId: 'openApiDocument',
        tag,
        summary: 'This OpenAPI 3.1 document',
        description: 'Served as is, without the envelope.',
        access: 'public',
        rateLimited: false,
        usesBackend: false,
        success: { status: 200, description: 'The document.', content: { 'application/json': { schema: { type: 'object' } } } },
      }),
    },
  };
}

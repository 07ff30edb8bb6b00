// POST /v1/graphql: GraphQL Yoga over the declared operations. The credential
// and the route's scope (http/routeScopes.ts) are checked first, the JSON body is read once by
// koa-body (415 / 413 / 400 as in REST) and handed to Yoga; each field is a call of its operation
// through invoke (graphqlSchema.ts), which checks the field's own scope and counts its rate-limit
// area once per request. Refusals, also those before Yoga, are GraphQL errors with our code in
// extensions.code. No GraphiQL, no GET: queries only, by POST.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { errorHeaders, toWire } from '../core/wire';
import type { Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import { OverRateLimitError, rateLimitHeaders, type RateLimitCheck } from '../core/rateLimitCheck';
import type { RateLimitDecision } from '../ports/rateLimiter';
import { AI_PLATFORM_HEADER } from '../domain/analytics/aiPlatform';
import { DomainError } from '../domain/errors';
import type { GraphqlExecutor, RequestContext } from './graphqlExecutor';
import type { RateLimitArea } from '../domain/rateLimitTiers';
import { principalOf } from '../http/principal';
import type { Logger } from '../logger';
import type { Guards } from '../http/guards';
import { readGraphqlRequest } from './graphqlRequest';
import { publicOrigin } from '../http/publicOrigin';

/** A refusal before Yoga (credential, scope, body) in GraphQL's shape, with the REST status and headers. */
function graphqlRefusals(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      ctx.set(errorHeaders(error));
      ctx.status = error.status;
      ctx.body = { errors: [toWire(error, 'graphql')] };
    }
  };
}

export interface GraphqlRouteDeps {
  guards: Guards;
  plainJsonBody: Middleware;
  operations: ReadonlyArray<Operation>;
  invoke: Invoke<unknown>;
  rateLimits: RateLimitCheck;
  resolvePlatform: (declared: string | undefined, relayed: string | undefined) => Promise<string>;
  logger: Logger;
  publicUrl?: string;
}

export function graphqlRoutes(deps: GraphqlRouteDeps): Router {
  const { guards } = deps;

  // Yoga and the schema are built by the first GraphQL request: a server nobody queries this way
  // does not hold graphql-js, Yoga and the schema (about 20 MiB).
  let executor: Promise<GraphqlExecutor> | undefined;
  const execute = () => (executor ??= import('./graphqlExecutor').then(({ createGraphqlExecutor }) => createGraphqlExecutor(deps)));

  function contextFor(ctx: Context): RequestContext {
    // Each area a query touches counts once per request, whatever number of fields use it.
    const counted = new Map<RateLimitArea, Promise<RateLimitDecision | undefined>>();
    return {
      principal: principalOf(ctx),
      address: ctx.ip,
      requestId: ctx.state.requestId as string,
      origin: publicOrigin(ctx, deps.publicUrl),
      header: (name) => ctx.get(name) || undefined,
      rateLimit(principal, area) {
        if (!counted.has(area)) {
          // The answer reports the limit as REST does (the last area counted, as each sets the same headers).
          const decision = deps.rateLimits(principal, area, ctx.ip).then(
            (counted) => {
              if (counted) ctx.set(rateLimitHeaders(counted));
              return counted;
            },
            (error: unknown) => {
              if (error instanceof OverRateLimitError) ctx.set(rateLimitHeaders(error.decision));
              throw error;
            },
          );
          counted.set(area, decision);
        }
        return counted.get(area)!;
      },
    };
  }

  const router = new Router({ prefix: '/graphql' });
  router.post('/', graphqlRefusals(), guards.authenticate, guards.routeAccess, deps.plainJsonBody, async (ctx) => {
    const graphqlRequest = readGraphqlRequest(ctx.request.body);
    const context = contextFor(ctx);
    // A bad X-AI-Platform is refused before the query runs, as in REST, even when no field records an answer.
    if (ctx.get(AI_PLATFORM_HEADER)) await deps.resolvePlatform(context.principal.platform, ctx.get(AI_PLATFORM_HEADER));
    const response = await (await execute()).fetch(
      'http://localhost/v1/graphql',
      { method: 'POST', headers: { 'content-type': 'application/json', accept: ctx.get('Accept') || 'application/json' }, body: JSON.stringify(graphqlRequest) },
      context,
    );
    ctx.status = response.status;
    response.headers.forEach((value, name) => {
      // Yoga's Allow ("GET, POST") is its own; this route serves POST only (GET is 405 with our Allow).
      if (!['content-length', 'allow'].includes(name.toLowerCase())) ctx.set(name, value);
    });
    ctx.body = await response.text();
  });
  return router;
}

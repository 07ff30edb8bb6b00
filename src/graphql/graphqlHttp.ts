// POST /v1/graphql (issue 23): GraphQL Yoga behind the same guards as REST. The credential and the
// route's scope (http/routeScopes.ts) are checked first, the JSON body is read once by koa-body
// (415 / 413 / 400 as in REST) and handed to Yoga; each field then checks its own scope and rate-limit
// area (resolvers.ts). Refusals, also those before Yoga, are GraphQL errors with our code in
// extensions.code. No GraphiQL, no GET: queries only, by POST.
import Router from '@koa/router';
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Context, Middleware } from 'koa';
import { AI_PLATFORM_HEADER } from '../domain/analytics/aiPlatform';
import { DomainError, RateLimitedError } from '../domain/errors';
import { principalOf } from '../http/principal';
import type { Logger } from '../logger';
import type { RateLimitArea, RouteGuards } from '../routes/routeGuards';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import { buildGraphqlSchema } from './graphqlSchema';
import { readGraphqlRequest } from './graphqlRequest';
import { queryLimitErrors } from './queryLimits';
import type { GraphqlContext, GraphqlServices } from './resolvers';
import { publicOrigin } from '../http/publicOrigin';

// The limits run before the standard rules, in linear time, and a query over one is refused
// without them: a 2^n expansion never reaches a rule that would walk it.
const limitsPlugin: Plugin = {
  onValidate({ params, setResult }) {
    const errors = queryLimitErrors(params.documentAST);
    if (errors.length > 0) setResult(errors);
  },
};

function domainExtensions(error: DomainError): Record<string, unknown> {
  return { code: error.code, ...(error.details && { details: error.details }) };
}

/** A refusal before Yoga (credential, scope, body) in GraphQL's shape, with the REST status and headers. */
function graphqlRefusals(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
      if (error.challenge) ctx.set('WWW-Authenticate', error.challenge);
      ctx.status = error.status;
      ctx.body = { errors: [{ message: error.message, extensions: domainExtensions(error) }] };
    }
  };
}

export function graphqlRoutes(deps: {
  guards: RouteGuards;
  plainJsonBody: Middleware;
  services: GraphqlServices;
  platforms: Pick<PlatformRegistry, 'resolve'>;
  logger: Logger;
  publicUrl?: string;
}): Router {
  const { guards, logger } = deps;
  const limiters = Object.fromEntries((['general', 'search', 'analytics'] as const).map((area) => [area, guards.rateLimit(area)])) as Record<RateLimitArea, Middleware>;

  const yoga = createYoga<GraphqlContext>({
    schema: buildGraphqlSchema(deps.services),
    graphqlEndpoint: '/v1/graphql',
    graphiql: false,
    // Unexpected errors are logged once, by maskError below; refusals are answers, not incidents.
    logging: false,
    landingPage: false,
    plugins: [limitsPlugin],
    maskedErrors: {
      maskError(error) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        const graphqlError = error instanceof GraphQLError ? error : undefined;
        if (original instanceof DomainError) {
          // A rate limit stops the whole request: 429 with Retry-After, as in REST.
          const http = original instanceof RateLimitedError ? { http: { status: 429, headers: { 'Retry-After': String(original.retryAfterSeconds) } } } : {};
          return new GraphQLError(original.message, { nodes: graphqlError?.nodes, path: graphqlError?.path, extensions: { ...domainExtensions(original), ...http } });
        }
        // Syntax and validation errors carry no original error: shown as they are, with our code.
        if (graphqlError && !original) return new GraphQLError(graphqlError.message, { nodes: graphqlError.nodes, extensions: { ...graphqlError.extensions, code: 'VALIDATION_ERROR' } });
        logger.error({ err: original ?? error }, 'GraphQL resolver failed');
        return new GraphQLError('Internal error', { path: graphqlError?.path, extensions: { code: 'INTERNAL_ERROR' } });
      },
    },
  });

  function contextFor(ctx: Context): GraphqlContext {
    const principal = principalOf(ctx);
    const counted = new Map<RateLimitArea, Promise<void>>();
    let platform: Promise<string> | undefined;
    return {
      principal,
      answerOrigin: { origin: publicOrigin(ctx, deps.publicUrl), requestId: ctx.state.requestId as string },
      platform: () => (platform ??= deps.platforms.resolve(principal.platform, ctx.get(AI_PLATFORM_HEADER) || undefined)),
      limit(area) {
        if (!counted.has(area)) counted.set(area, limiters[area](ctx, async () => undefined) as Promise<void>);
        return counted.get(area)!;
      },
    };
  }

  const router = new Router({ prefix: '/graphql' });
  router.post('/', graphqlRefusals(), guards.authenticate, guards.routeAccess, deps.plainJsonBody, async (ctx) => {
    const graphqlRequest = readGraphqlRequest(ctx.request.body);
    const context = contextFor(ctx);
    // A bad X-AI-Platform is refused before the query runs, as in REST, even when no field records an answer.
    if (ctx.get(AI_PLATFORM_HEADER)) await context.platform();
    const response = await yoga.fetch(
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

// REST as a thin adapter over invoke: each declared operation with an HTTP binding
// becomes one route. The route only translates: the request into a Call (credential, path, query,
// a body read once the caller is allowed, headers), and the Answer back into status, headers and
// body. Every check, count and refusal is the core's (core/invoke.ts).
import Router from '@koa/router';
import { publicOrigin } from './publicOrigin';
import type { Context, Middleware } from 'koa';
import type { Answer } from '../core/answer';
import type { Call, Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import { AI_PLATFORM_HEADER } from '../domain/analytics/aiPlatform';
import { jsonBody } from './jsonBody';
import type { UploadedFile } from './multipartBody';

export interface RestOperationDeps<Services> {
  invoke: Invoke<Services>;
  /** Parses a JSON body onto ctx.request.body (http/jsonBody.ts: 415, 413, 400 as the envelope's). */
  jsonBody: Middleware;
  /** Parses a multipart upload (http/multipartBody.ts); only the media upload takes one. */
  multipartBody?: Middleware;
  /** PUBLIC_URL: where links in answers point; default, the origin the request came to. */
  publicUrl?: string;
}

/** '/business/profile/{businessId}' as @koa/router writes it. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Runs a body parser middleware and hands back what it parsed. */
function reader(ctx: Context, parse: Middleware): () => Promise<unknown> {
  return async () => {
    let parsed: unknown;
    await parse(ctx, async () => {
      parsed = ctx.request.body;
    });
    return parsed;
  };
}

/** The body parser of an operation: multipart, JSON with the operation's own limit, or the app's JSON parser. */
function parserOf<Services>(operation: Operation<Services>, deps: RestOperationDeps<Services>): Middleware | undefined {
  if (operation.http?.bodyFormat === 'multipart') return deps.multipartBody;
  if (operation.input.body === undefined) return undefined;
  return operation.http?.bodyLimitBytes !== undefined ? jsonBody(operation.http.bodyLimitBytes) : deps.jsonBody;
}

function callOf(ctx: Context, operation: Operation, parse: Middleware | undefined, publicUrl: string | undefined): Call {
  return {
    caller: { authorization: ctx.get('Authorization') || undefined, address: ctx.ip },
    input: {
      path: { ...(ctx.params as Record<string, string>) },
      query: { ...(ctx.query as Record<string, unknown>) },
      ...(parse && { readBody: reader(ctx, parse) }),
      // The multipart parser keeps the upload's file beside the fields it parsed (http/multipartBody.ts).
      ...(operation.input.file && { readFile: async () => ctx.state.file as UploadedFile | undefined }),
    },
    transport: 'rest',
    requestId: ctx.state.requestId as string,
    origin: publicOrigin(ctx, publicUrl),
    // A header sent empty is still sent (an empty Idempotency-Key is refused, not ignored).
    header: (name) => (ctx.headers[name.toLowerCase()] === undefined ? undefined : ctx.get(name)),
    platformHint: () => ctx.get(AI_PLATFORM_HEADER) || undefined,
  };
}

export function writeAnswer(ctx: Context, answer: Answer): void {
  ctx.set(answer.headers);
  ctx.status = answer.status;
  // Koa's redirect encodes the URL for the Location header and writes the short text body.
  if (answer.redirectTo !== undefined) return ctx.redirect(answer.redirectTo);
  // 304 and friends have no body; Koa would otherwise answer 204 for an undefined body.
  if (answer.body !== undefined) ctx.body = answer.body;
}

/** One router holding a route per operation with an HTTP binding, in declaration order. */
export function restOperationRoutes<Services>(operations: ReadonlyArray<Operation<Services>>, deps: RestOperationDeps<Services>): Router {
  const router = new Router();
  for (const operation of operations) {
    if (!operation.http) continue;
    const parse = parserOf(operation, deps);
    const handler: Middleware = async (ctx) => writeAnswer(ctx, await deps.invoke(operation, callOf(ctx, operation, parse, deps.publicUrl)));
    router.register(routerPath(operation.http.path), [operation.http.method], handler, { name: operation.name });
  }
  return router;
}

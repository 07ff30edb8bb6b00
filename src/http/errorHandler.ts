// Maps every thrown error to the envelope. Domain errors carry their code and status (bad
// JSON bodies are ValidationErrors from jsonBody.ts); koa errors (413, 415) are translated;
// anything else is a 500 whose message and stack go to the log only.
import type { Context, Middleware } from 'koa';
import { DomainError, RateLimitedError } from '../domain/errors';
import type { Logger } from '../logger';
import { echo } from '../domain/echo';
import { fail } from './envelope';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

/** A domain error as the envelope's answer: its status, code, message and details (and Retry-After for 429). */
export function failWith(ctx: Context, error: DomainError): void {
  if (error instanceof RateLimitedError) ctx.set('Retry-After', String(error.retryAfterSeconds));
  if (error.challenge) ctx.set('WWW-Authenticate', error.challenge);
  fail(ctx, error.status, error.code, error.message, error.details);
}

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined) {
        // The router answers these with a status and an Allow header but no body.
        if (ctx.status === 404) fail(ctx, 404, 'NOT_FOUND', `No route for ${ctx.method} ${echo(ctx.path)}`);
        else if (ctx.status === 405) fail(ctx, 405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${echo(ctx.path)}`);
        else if (ctx.status === 501) fail(ctx, 405, 'METHOD_NOT_ALLOWED', `${ctx.method} is not supported`);
      }
    } catch (raw) {
      if (raw instanceof DomainError) return failWith(ctx, raw);
      const error = raw as HttpishError;
      const status = error.status ?? error.statusCode ?? 500;
      if (status === 413) return fail(ctx, 413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
      if (status === 415) return fail(ctx, 415, 'UNSUPPORTED_MEDIA_TYPE', error.message ?? 'Unsupported content type');
      if (status >= 400 && status < 500 && error.expose) {
        return fail(ctx, status, status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', error.message ?? 'Bad request');
      }
      logger.error({ err: raw, requestId: ctx.state.requestId }, 'unhandled error');
      fail(ctx, 500, 'INTERNAL_ERROR', 'An unexpected error occurred');
    }
  };
}

// Every thrown error as the envelope's answer, through the one error model (core/wire.ts). Domain
// errors carry their code (bad JSON bodies are ValidationErrors from jsonBody.ts); koa's own
// errors (413, 415, a 4xx it exposes) and the router's bodiless 404 and 405 become the codes of
// the error table; anything else is a 500 whose message and stack go to the log only.
import type { Context, Middleware } from 'koa';
import { metaOf } from '../core/answer';
import { errorAnswer } from '../core/wire';
import { echo } from '../domain/echo';
import { DomainError, NotFoundError, PayloadTooLargeError, RequestRefusedError, UnsupportedMediaTypeError } from '../domain/errors';
import type { Logger } from '../logger';
import { writeAnswer } from './restOperations';

interface HttpishError {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
}

/** What koa or a parser threw, as the domain error the client is told about (the raw value when unknown). */
function asRefusal(raw: unknown): unknown {
  if (raw instanceof DomainError) return raw;
  const error = raw as HttpishError;
  const status = error.status ?? error.statusCode ?? 500;
  if (status === 413) return new PayloadTooLargeError('Request body is too large');
  if (status === 415) return new UnsupportedMediaTypeError(error.message ?? 'Unsupported content type');
  if (status >= 400 && status < 500 && error.expose) {
    return status === 404 ? new NotFoundError(error.message ?? 'Not found') : new RequestRefusedError('BAD_REQUEST', error.message ?? 'Bad request');
  }
  return raw;
}

/** The router answers these with a status (and Allow) but no body. */
function unroutedRefusal(ctx: Context): DomainError | undefined {
  if (ctx.status === 404) return new NotFoundError(`No route for ${ctx.method} ${echo(ctx.path)}`, 'NOT_FOUND');
  if (ctx.status === 405) return new RequestRefusedError('METHOD_NOT_ALLOWED', `${ctx.method} is not allowed on ${echo(ctx.path)}`);
  if (ctx.status === 501) return new RequestRefusedError('METHOD_NOT_ALLOWED', `${ctx.method} is not supported`);
  return undefined;
}

export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      const unrouted = ctx.body === undefined ? unroutedRefusal(ctx) : undefined;
      if (unrouted) writeAnswer(ctx, errorAnswer(unrouted, metaOf(ctx.state.requestId as string), logger));
    } catch (raw) {
      writeAnswer(ctx, errorAnswer(asRefusal(raw), metaOf(ctx.state.requestId as string), logger));
    }
  };
}

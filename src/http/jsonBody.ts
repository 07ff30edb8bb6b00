// JSON body parsing with the spec's limits: a body must be declared application/json
// (415 otherwise), at most `limit` bytes (413), and valid JSON (400 VALIDATION_ERROR).
import type { Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { UnsupportedMediaTypeError } from '../domain/errors';

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

export function jsonBody(limitBytes: number): Middleware {
  const parse = koaBody({
    json: true,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limitBytes,
    jsonStrict: true,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  return async (ctx, next) => {
    if (!hasBody(ctx.headers)) {
      ctx.request.body = undefined;
      return next();
    }
    if (!ctx.is('application/json')) {
      throw new UnsupportedMediaTypeError('Request body must be application/json');
    }
    return parse(ctx, next);
  };
}

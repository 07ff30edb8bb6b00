// JSON body parsing with the spec's limits: a body must be declared application/json
// (415 otherwise; PATCH also takes application/merge-patch+json, RFC 7396, which is what its
// semantics are), at most `limit` bytes once decompressed (413), valid UTF-8 and valid JSON,
// with no `__proto__` key (400 VALIDATION_ERROR). koa-body (co-body) reads and parses it.
import type { Context, Middleware } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../domain/errors';

const JSON_TYPES = ['application/json', 'application/merge-patch+json'];

function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  const length = headers['content-length'];
  return (length !== undefined && length !== '0') || headers['transfer-encoding'] !== undefined;
}

function isJson(ctx: Context): boolean {
  if (ctx.is('application/json')) return true;
  return ctx.method === 'PATCH' && ctx.is('application/merge-patch+json') !== false;
}

/** co-body's errors as the envelope's: the body's problem, never a 500. */
function parseError(error: Error & { status?: number }): Error {
  if (error.status === 413) return new PayloadTooLargeError('Request body is too large');
  if (error.status === 415) return new UnsupportedMediaTypeError('Content-Encoding must be gzip, deflate, br or identity');
  if (/forbidden prototype property/.test(error.message)) return new ValidationError('__proto__', 'is not an allowed property');
  // Valid JSON, but a bare string, number or null where every endpoint takes an object.
  if (/only supports object and array/.test(error.message)) {
    return new ValidationError('body', 'must be an object', 'Request body must be a JSON object');
  }
  if (error.status === 400) return new ValidationError('body', 'must be valid JSON', 'Request body is not valid JSON');
  return error;
}

export function jsonBody(limitBytes: number): Middleware {
  const parse = koaBody({
    json: true,
    jsonTypes: JSON_TYPES,
    urlencoded: false,
    text: false,
    multipart: false,
    jsonLimit: limitBytes,
    jsonStrict: true,
    includeUnparsed: true,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
    onError: (error) => {
      throw parseError(error);
    },
  });
  return async (ctx, next) => {
    if (!hasBody(ctx.headers)) {
      ctx.request.body = undefined;
      return next();
    }
    if (!isJson(ctx)) {
      const accepted = ctx.method === 'PATCH' ? 'application/json or application/merge-patch+json' : 'application/json';
      throw new UnsupportedMediaTypeError(`Request body must be ${accepted}`);
    }
    return parse(ctx, async () => {
      const raw = ctx.request.rawBody;
      // Only the parsed body is kept (the text would double the request's memory).
      ctx.request.rawBody = undefined;
      ctx.req.rawBody = undefined;
      // co-body decodes invalid UTF-8 bytes as U+FFFD: refusing it is the only way not to store
      // mangled text. No profile field needs a literal replacement character.
      if (typeof raw === 'string' && raw.includes('\uFFFD')) {
        throw new ValidationError('body', 'must be valid UTF-8', 'Request body is not valid UTF-8 (or holds U+FFFD)');
      }
      return next();
    });
  };
}

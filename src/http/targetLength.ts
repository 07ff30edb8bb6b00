// A request target (path and query) over 8 KiB is refused with 414 in the envelope before any
// routing: long input belongs in a body. 8 KiB is what common servers and proxies allow (nginx's
// large_client_header_buffers, Apache's LimitRequestLine), so a URL that passes here passes
// them too. Longer request heads still reach Node's own 16 KB limit: 431 (http/clientErrors.ts).
import type { Middleware } from 'koa';
import { RequestRefusedError } from '../domain/errors';

export const MAX_TARGET_BYTES = 8 * 1024;

export function refuseLongTargets(): Middleware {
  return async (ctx, next) => {
    if (Buffer.byteLength(ctx.req.url ?? '') > MAX_TARGET_BYTES) {
      throw new RequestRefusedError('URI_TOO_LONG', `The request target (path and query) is over ${MAX_TARGET_BYTES} bytes; send long input in a request body`);
    }
    await next();
  };
}

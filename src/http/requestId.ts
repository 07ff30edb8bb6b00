import type { Middleware } from 'koa';
import { newId } from '../domain/ids';

// Accept a caller's id only when it is short and plain, so it is safe to log and echo.
const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestId(): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-ID');
    const id = ACCEPTABLE.test(incoming) ? incoming : newId('req');
    ctx.state.requestId = id;
    ctx.set('X-Request-ID', id);
    await next();
  };
}

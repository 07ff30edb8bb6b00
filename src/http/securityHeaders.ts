import type { Middleware } from 'koa';

/** An API serves JSON and media only: forbid sniffing, framing and referrer leaks. */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    await next();
  };
}

// Koa middleware over the core's authentication (core/authentication.ts): the caller goes on
// ctx.state.principal, a refusal carries its WWW-Authenticate challenge to the error handler.
import type { Middleware } from 'koa';
import type { Authenticate } from '../core/authentication';

/** The middleware for an authentication already built (the app builds one and shares it with invoke). */
export function authenticateWith(authenticate: Authenticate): Middleware {
  return async (ctx, next) => {
    ctx.state.principal = await authenticate({ authorization: ctx.get('Authorization') || undefined, address: ctx.ip });
    // An answer for one caller must not be kept by a shared cache or the browser; a route whose
    // answer may be revalidated (a profile's ETag) sets its own value after this.
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

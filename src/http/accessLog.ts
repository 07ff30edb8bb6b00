import type { Middleware } from 'koa';
import type { Logger } from '../logger';

/** One JSON line per request: requestId, method, path, status, duration. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, durationMs: Math.round(durationMs * 100) / 100 },
        'request',
      );
    }
  };
}

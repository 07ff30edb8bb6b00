// A Koa app as Node's request listener. Koa answers every failure itself (the error handler, then
// ctx.onerror), so the promise its handler returns is never rejected and nothing is left to await.
import type { RequestListener } from 'node:http';
import type Koa from 'koa';

export function nodeRequestListener(app: Koa): RequestListener {
  const handle = app.callback();
  return (request, response) => void handle(request, response);
}

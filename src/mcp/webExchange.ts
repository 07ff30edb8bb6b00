// Koa <-> Web Standard Request/Response for the MCP SDK's web transport: the request's method,
// URL and headers go in (the body is already parsed by koa-body and handed over apart); the
// answer is written straight to the socket, because a Koa body of null would turn the SDK's
// 202 for notifications into 204.
import type { Context } from 'koa';

// Hop-by-hop and framing headers describe this connection, not the message.
const NOT_FORWARDED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade']);

export function webRequestOf(ctx: Context): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(ctx.req.headers)) {
    if (value === undefined || NOT_FORWARDED.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(`http://${ctx.host || 'localhost'}${ctx.originalUrl}`, { method: ctx.method, headers });
}

/** Sends `response` with `extraHeaders`; headers set earlier on ctx (security headers, request id) stay. */
export async function sendWebResponse(ctx: Context, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') headers[name] = value;
  });
  ctx.status = response.status;
  ctx.respond = false;
  ctx.res.writeHead(response.status, { ...headers, 'content-length': String(body.length) });
  ctx.res.end(body);
}

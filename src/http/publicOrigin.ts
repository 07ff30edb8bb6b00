// Where the links an answer hands out point (tracked links, summary report links): PUBLIC_URL, else
// the API's own origin as this request reached it. Koa 3's ctx.origin is the Origin request header;
// the API's own origin is protocol + host (X-Forwarded-Proto/Host only when TRUST_PROXY says a proxy sets them).
import type { Context } from 'koa';

export function publicOrigin(ctx: Context, publicUrl: string | undefined): string {
  return publicUrl ?? `${ctx.protocol}://${ctx.host}`;
}

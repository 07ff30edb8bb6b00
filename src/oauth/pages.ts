// The server-rendered pages of the authorization flow (sign-in, consent, error). Plain HTML,
// no script; every value is escaped. Headers: no framing, a strict CSP, never cached.
import type { Context } from 'koa';
import type { Scope } from '../domain/account';

export const SCOPE_WORDS: Record<Scope, string> = {
  'read:businesses': 'See your business profiles',
  'write:businesses': 'Create and update your business profiles',
  'read:bookings': 'See your bookings',
  'write:bookings': 'Create and manage your bookings',
  'read:analytics': 'See analytics for your businesses',
  'read:reviews': 'See reviews',
  'write:reviews': 'Submit reviews',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

const STYLE = 'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#222}'
  + 'label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box}'
  + 'button{margin:1rem .5rem 0 0;padding:.5rem 1.2rem}.error{color:#a00}li{margin:.3rem 0}';

export function sendPage(ctx: Context, status: number, title: string, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Frame-Options', 'DENY');
  // No form-action: after a form post the server redirects to the app's own redirect URI.
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'");
  ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function signInPage(ctx: Context, input: { action: string; csrf: string; appName: string; email?: string; error?: string }, status = 200): void {
  sendPage(ctx, status, 'Sign in', `<h1>Sign in</h1><p>to continue to <strong>${escapeHtml(input.appName)}</strong></p>`
    + (input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '')
    + `<form method="post" action="${escapeHtml(input.action)}" autocomplete="on">`
    + `<input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`
    + `<label for="email">Email</label><input id="email" name="email" type="email" required value="${escapeHtml(input.email ?? '')}">`
    + '<label for="password">Password</label><input id="password" name="password" type="password" required>'
    + '<button type="submit">Sign in</button></form>');
}

export function consentPage(ctx: Context, input: { action: string; csrf: string; appName: string; accountEmail: string; scopes: Scope[] }): void {
  const items = input.scopes.map((scope) => `<li>${escapeHtml(SCOPE_WORDS[scope])} <small>(${escapeHtml(scope)})</small></li>`).join('');
  sendPage(ctx, 200, 'Allow access?', `<h1>Allow ${escapeHtml(input.appName)} to access your account?</h1>`
    + `<p>Signed in as ${escapeHtml(input.accountEmail)}. <strong>${escapeHtml(input.appName)}</strong> asks to:</p><ul>${items || '<li>Know that you use it (no data)</li>'}</ul>`
    + `<form method="post" action="${escapeHtml(input.action)}"><input type="hidden" name="csrf" value="${escapeHtml(input.csrf)}">`
    + '<button type="submit" name="decision" value="allow">Allow</button><button type="submit" name="decision" value="deny">Deny</button></form>');
}

export function errorPage(ctx: Context, status: number, error: string, description?: string): void {
  sendPage(ctx, status, 'Authorization error', `<h1>This app cannot be authorised</h1><p>${escapeHtml(description ?? error)}</p>`
    + `<p><small>Error: ${escapeHtml(error)}</small></p>`);
}

// Obtains OAuth access tokens the way an app would, without a browser: registers a client,
// walks the provider's authorize -> sign-in -> consent pages over plain HTTP (cookies and the
// pages' CSRF field carried by hand), and exchanges the code with PKCE at /v1/oauth/token.
// For other suites (scope matrices, MCP auth): `await oauthToken(app, actor, ['read:businesses'])`.
import { createHash, randomBytes } from 'node:crypto';
import request from 'supertest';
import type { Actor } from './actors';
import type { TestApp } from './testApp';

export const OAUTH_PASSWORD = 'correct horse battery staple'; // actors.signUp's password
export const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export interface OAuthClient {
  clientId: string;
  clientSecret?: string;
  redirectUri: string;
}

export interface OAuthTokenSet {
  accessToken: string;
  refreshToken?: string;
  /** Present when `openid` was among the scopes. */
  idToken?: string;
  scope: string;
  expiresIn: number;
  auth: { Authorization: string };
  client: OAuthClient;
}

/** A cookie jar keyed by name (paths ignored: the provider reads its cookies by name). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(setCookie: string[] | string | undefined): void {
    for (const line of ([] as string[]).concat(setCookie ?? [])) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(app: TestApp, owner: Actor, body: Record<string, unknown> = {}): Promise<OAuthClient> {
  const response = await request(app.callback)
    .post('/v1/oauth/clients')
    .set(owner.auth)
    .send({ name: 'Test App', redirectUris: [REDIRECT_URI], type: 'confidential', ...body });
  if (response.status !== 201) throw new Error(`client registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  const redirectUris = (body.redirectUris as string[] | undefined) ?? [REDIRECT_URI];
  return { clientId: response.body.data.clientId, clientSecret: response.body.data.clientSecret, redirectUri: redirectUris[0] };
}

function pathOf(location: string): string {
  const url = new URL(location, 'http://service.invalid');
  return `${url.pathname}${url.search}`;
}

export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no CSRF field in page: ${html.slice(0, 300)}`);
  return match[1];
}

/**
 * Follows redirects within the service until one leaves for the client's redirect URI; returns
 * that URI. At each page it signs in (sign-in page) or answers consent (`decision`).
 */
export async function authorize(
  app: TestApp,
  user: { email: string; password?: string },
  authorizeQuery: Record<string, string>,
  options: { decision?: 'allow' | 'deny'; jar?: CookieJar } = {},
): Promise<URL> {
  const jar = options.jar ?? new CookieJar();
  let next = `/oauth/authorize?${new URLSearchParams(authorizeQuery)}`;
  for (let step = 0; step < 12; step += 1) {
    const response = await request(app.callback).get(next).set('Cookie', jar.header());
    jar.take(response.headers['set-cookie']);
    if (response.status === 303 || response.status === 302) {
      const location = response.headers.location as string;
      if (authorizeQuery.redirect_uri && location.startsWith(authorizeQuery.redirect_uri)) return new URL(location);
      next = pathOf(location);
      continue;
    }
    if (response.status !== 200) throw new Error(`authorize step ${next} answered ${response.status}: ${response.text.slice(0, 300)}`);
    const form = /<form method="post" action="([^"]+)"/.exec(response.text);
    if (!form) throw new Error(`no form on ${next}`);
    const fields: Record<string, string> = { csrf: csrfOf(response.text) };
    if (response.text.includes('name="password"')) Object.assign(fields, { email: user.email, password: user.password ?? OAUTH_PASSWORD });
    else fields.decision = options.decision ?? 'allow';
    const posted = await request(app.callback).post(form[1].replace(/&amp;/g, '&')).set('Cookie', jar.header()).type('form').send(fields);
    jar.take(posted.headers['set-cookie']);
    if (posted.status !== 303) throw new Error(`form ${form[1]} answered ${posted.status}: ${posted.text.slice(0, 300)}`);
    const location = posted.headers.location as string;
    if (authorizeQuery.redirect_uri && location.startsWith(authorizeQuery.redirect_uri)) return new URL(location);
    next = pathOf(location);
  }
  throw new Error('authorization did not reach the redirect URI in 12 steps');
}

export function basicAuth(client: OAuthClient): string {
  const encode = (value: string) => encodeURIComponent(value);
  return `Basic ${Buffer.from(`${encode(client.clientId)}:${encode(client.clientSecret ?? '')}`).toString('base64')}`;
}

/** POST /v1/oauth/token with the client's credentials (Basic for confidential clients, client_id for public ones). */
export function tokenRequest(app: TestApp, client: OAuthClient, form: Record<string, string>) {
  const call = request(app.callback).post('/v1/oauth/token').type('form');
  if (client.clientSecret) return call.set('Authorization', basicAuth(client)).send(form);
  return call.send({ ...form, client_id: client.clientId });
}

/** The whole flow for `user` (default: the client's owner) consenting to `scopes`. */
export async function oauthToken(
  app: TestApp,
  owner: Actor,
  scopes: string[],
  options: { user?: { email: string; password?: string }; client?: OAuthClient } = {},
): Promise<OAuthTokenSet> {
  const client = options.client ?? (await registerClient(app, owner));
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const callback = await authorize(app, options.user ?? owner, {
    client_id: client.clientId,
    redirect_uri: client.redirectUri,
    response_type: 'code',
    scope: scopes.join(' '),
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const code = callback.searchParams.get('code');
  if (!code || callback.searchParams.get('state') !== state) throw new Error(`no code in ${callback}`);
  const token = await tokenRequest(app, client, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier });
  if (token.status !== 200) throw new Error(`token exchange failed: ${token.status} ${JSON.stringify(token.body)}`);
  return {
    accessToken: token.body.access_token,
    refreshToken: token.body.refresh_token,
    idToken: token.body.id_token,
    scope: token.body.scope ?? '',
    expiresIn: token.body.expires_in,
    auth: { Authorization: `Bearer ${token.body.access_token}` },
    client,
  };
}

// OAuth through the proxy with openid-client, the relying-party library nobody here wrote:
// discovery, authorization code + PKCE (the sign-in and consent pages walked over HTTP with their
// cookies), the code exchanged on one instance, the ID token verified against the JWKS of each of
// the *other* instances, the access token used on every instance, refresh, and revocation seen
// by every instance.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import * as oidc from 'openid-client';
import { CookieJar, csrfOf } from '../../http/oauthTokens';
import { newAccount, type FleetAccount } from '../../../scripts/fleet/fleetClient';
import type { FleetContext } from '../fleetContext';

const REDIRECT_URI = 'http://127.0.0.1:8765/callback';

/** Follows the provider's redirects and pages until one leaves for the redirect URI; notes who served each step. */
async function signInAndConsent(start: URL, user: FleetAccount, servedBy: string[]): Promise<URL> {
  const jar = new CookieJar();
  let next: URL = start;
  for (let step = 0; step < 12; step++) {
    if (next.href.startsWith(REDIRECT_URI)) return next;
    const page = await fetch(next, { redirect: 'manual', headers: { Cookie: jar.header() } });
    jar.take(page.headers.getSetCookie());
    servedBy.push(page.headers.get('x-served-by') ?? '');
    if (page.status === 302 || page.status === 303) {
      next = new URL(page.headers.get('location') as string, next);
      continue;
    }
    const html = await page.text();
    if (page.status !== 200) throw new Error(`${next.pathname} answered ${page.status}: ${html.slice(0, 200)}`);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
    if (!action) throw new Error(`no form on ${next.pathname}`);
    const fields: Record<string, string> = html.includes('name="password"') ? { email: user.email, password: user.password } : { decision: 'allow' };
    const posted = await fetch(new URL(action, next), {
      method: 'POST',
      redirect: 'manual',
      headers: { Cookie: jar.header(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf: csrfOf(html), ...fields }),
    });
    jar.take(posted.headers.getSetCookie());
    servedBy.push(posted.headers.get('x-served-by') ?? '');
    if (posted.status !== 303) throw new Error(`form ${action} answered ${posted.status}`);
    next = new URL(posted.headers.get('location') as string, next);
  }
  throw new Error('the authorization did not reach the redirect URI in 12 steps');
}

export function oauthAcrossInstances(context: FleetContext): void {
  describe('OAuth across instances', () => {
    it('code + PKCE, ID token verified by the other instances\' JWKS, refresh and revocation everywhere', async () => {
      const { fleet, call } = context;
      const owner = await newAccount(call, 'fleet-oauth');
      const registered = await call('POST', '/v1/oauth/clients', { auth: owner.token, body: { name: 'Fleet App', type: 'confidential', redirectUris: [REDIRECT_URI], scopes: ['read:businesses'] } });
      expect(registered.status).toBe(201);
      const { clientId, clientSecret } = registered.body.data as { clientId: string; clientSecret: string };

      // Every call openid-client makes goes through the proxy; note which instance answered it.
      const servedBy: Record<string, string[]> = {};
      const config = await oidc.discovery(new URL(fleet.url), clientId, clientSecret, undefined, { execute: [oidc.allowInsecureRequests] });
      config[oidc.customFetch] = async (url, options) => {
        const response = await fetch(url, options as RequestInit);
        (servedBy[new URL(url).pathname] ??= []).push(response.headers.get('x-served-by') ?? '');
        return response;
      };
      const verifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const start = oidc.buildAuthorizationUrl(config, {
        redirect_uri: REDIRECT_URI,
        scope: 'openid read:businesses',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const pages: string[] = [];
      const callback = await signInAndConsent(start, owner, pages);
      expect(new Set(pages).size).toBeGreaterThan(1);
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce });
      expect(tokens.claims()?.sub).toBe(owner.accountId);
      const exchangedOn = servedBy['/v1/oauth/token'][0];

      // The ID token verifies against the JWKS each other instance publishes.
      const idToken = tokens.id_token as string;
      const others = fleet.apis.filter((api) => api.name !== exchangedOn);
      expect(others).toHaveLength(2);
      for (const other of others) {
        const jwks = (await (await fetch(`${other.url}/oauth/jwks`)).json()) as JSONWebKeySet;
        expect(jwks.keys.map((key) => key.kid)).toContain(decodeProtectedHeader(idToken).kid);
        const { payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: fleet.url, audience: clientId });
        expect(payload.sub).toBe(owner.accountId);
      }

      const listOn = (url: string, token: string) => fetch(`${url}/v1/business/profile`, { headers: { Authorization: `Bearer ${token}` } });
      for (const api of fleet.apis) expect((await listOn(api.url as string, tokens.access_token)).status).toBe(200);

      const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token as string);
      expect(refreshed.access_token).not.toBe(tokens.access_token);
      for (const api of fleet.apis) expect((await listOn(api.url as string, refreshed.access_token)).status).toBe(200);
      // Until revoked on one instance, then refused by every instance.
      await oidc.tokenRevocation(config, refreshed.access_token);
      for (const api of fleet.apis) expect((await listOn(api.url as string, refreshed.access_token)).status).toBe(401);
    }, 60_000);
  });
}

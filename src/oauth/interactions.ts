// Sign-in and consent as oidc-provider interactions (panva/node-oidc-provider
// example/routes/koa.js): the provider sends the browser here with an interaction id bound to
// a cookie; we show a page, check the answer, and hand the result back to the provider, which
// continues the protocol. Forms carry a double-submit CSRF token (cookie + hidden field).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { koaBody } from 'koa-body';
import type Provider from 'oidc-provider';
import type { InteractionDetails } from 'oidc-provider';
import { SCOPES, type Scope } from '../domain/account';
import { errorHeaders } from '../core/wire';
import { DomainError, RateLimitedError } from '../domain/errors';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { Store } from '../ports/store';
import type { AuthService } from '../services/authService';
import { INTERACTION_PATH } from '../services/oauth/oauthPaths';
import { consentPage, errorPage, signInPage } from './pages';

const CSRF_COOKIE = 'oauth_csrf';

export interface InteractionRoutesDeps {
  /** The provider for the current signing keys (oauthProvider.ts providerForKeys). */
  provider: () => Promise<Provider>;
  store: Store;
  auth: AuthService;
  /**
   * Failed sign-ins, per e-mail and per client address: the same counter as POST /v1/auth/login
   * (in Redis with REDIS_URL, so a fleet of N instances allows the limit once, not N times).
   */
  failures: AuthFailureLimiter;
  /** The API's resource indicator, whose consented scopes the consent page lists. */
  resource: string;
}

const form: Middleware = koaBody({ json: false, multipart: false, urlencoded: true, formLimit: '16kb', text: false });

function csrfToken(ctx: Context): string {
  const existing = ctx.cookies.get(CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  ctx.cookies.set(CSRF_COOKIE, token, { httpOnly: true, sameSite: 'strict', secure: ctx.secure, path: INTERACTION_PATH, overwrite: true });
  return token;
}

function csrfMatches(ctx: Context): boolean {
  const cookie = ctx.cookies.get(CSRF_COOKIE);
  const field = (ctx.request.body as Record<string, unknown> | undefined)?.csrf;
  if (!cookie || typeof field !== 'string' || cookie.length !== field.length) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(field));
}

function field(ctx: Context, name: string): string {
  const value = (ctx.request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The API scopes this interaction asks the user for (spec 5.4 order). */
function requestedScopes(details: InteractionDetails, resource: string): Scope[] {
  const missing = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
  const asked = new Set(missing[resource] ?? []);
  return SCOPES.filter((scope) => asked.has(scope));
}

export function interactionRoutes(deps: InteractionRoutesDeps): Router {
  const { store, auth, resource, failures } = deps;
  const router = new Router({ prefix: INTERACTION_PATH });

  // Without its cookie (expired, another browser, forged link) there is no interaction: a page, never a redirect.
  async function detailsOf(ctx: Context): Promise<InteractionDetails | undefined> {
    const provider = await deps.provider();
    try {
      const details = await provider.interactionDetails(ctx.req, ctx.res);
      if (details.uid !== ctx.params.uid) throw new Error('interaction mismatch');
      return details;
    } catch {
      errorPage(ctx, 400, 'invalid_request', 'This sign-in link has expired or was opened in another browser. Go back to the app and start again.');
      return undefined;
    }
  }

  async function appName(details: InteractionDetails): Promise<string> {
    const client = await (await deps.provider()).Client.find(details.params.client_id);
    return client?.clientName ?? details.params.client_id;
  }

  async function finish(ctx: Context, result: Record<string, unknown>): Promise<void> {
    const to = await (await deps.provider()).interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: false });
    ctx.status = 303;
    ctx.redirect(to);
  }

  router.get('/:uid', async (ctx) => {
    const details = await detailsOf(ctx);
    if (!details) return;
    const csrf = csrfToken(ctx);
    const name = await appName(details);
    if (details.prompt.name === 'login') {
      signInPage(ctx, { action: `${INTERACTION_PATH}/${details.uid}/login`, csrf, appName: name });
      return;
    }
    const account = details.session ? await store.accounts.findById(details.session.accountId) : null;
    if (!account) {
      errorPage(ctx, 400, 'login_required', 'Your sign-in has expired. Go back to the app and start again.');
      return;
    }
    consentPage(ctx, { action: `${INTERACTION_PATH}/${details.uid}/consent`, csrf, appName: name, accountEmail: account.email, scopes: requestedScopes(details, resource) });
  });

  router.post('/:uid/login', form, async (ctx) => {
    const details = await detailsOf(ctx);
    if (!details) return;
    if (!csrfMatches(ctx)) return errorPage(ctx, 403, 'invalid_request', 'The form expired. Go back to the app and start again.');
    if (details.prompt.name !== 'login') return errorPage(ctx, 400, 'invalid_request', 'This step is already done.');
    const email = field(ctx, 'email').trim().toLowerCase();
    const password = field(ctx, 'password');
    const action = `${INTERACTION_PATH}/${details.uid}/login`;
    const again = async (error: string, status: number) =>
      signInPage(ctx, { action, csrf: csrfToken(ctx), appName: await appName(details), email, error }, status);
    if (!email || !password) return again('Enter your email and password.', 400);
    const attempt = { address: ctx.ip, account: email };
    try {
      await failures.assertAllowed(attempt);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      // The page says it in words; status and Retry-After as every transport sends them.
      ctx.set(errorHeaders(error));
      const minutes = Math.ceil(error.retryAfterSeconds / 60);
      return again(`Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, error.status);
    }
    let accountId: string;
    try {
      accountId = (await auth.verifyCredentials({ email, password })).id;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.code === 'UNAUTHORIZED') {
        await failures.recordFailure(attempt);
        return again('Wrong email or password.', 401);
      }
      return again(error.message, 403);
    }
    await failures.recordSuccess(attempt);
    await finish(ctx, { login: { accountId } });
  });

  router.post('/:uid/consent', form, async (ctx) => {
    const details = await detailsOf(ctx);
    if (!details) return;
    if (!csrfMatches(ctx)) return errorPage(ctx, 403, 'invalid_request', 'The form expired. Go back to the app and start again.');
    if (details.prompt.name !== 'consent' || !details.session) return errorPage(ctx, 400, 'invalid_request', 'This step is not the consent step.');
    if (field(ctx, 'decision') !== 'allow') {
      return finish(ctx, { error: 'access_denied', error_description: 'The user denied access' });
    }
    const { accountId } = details.session;
    const provider = await deps.provider();
    const grant = details.grantId ? await provider.Grant.find(details.grantId) : new provider.Grant({ accountId, clientId: details.params.client_id });
    if (!grant) return errorPage(ctx, 400, 'invalid_request', 'This authorisation is no longer valid. Go back to the app and start again.');
    const missingOidc = details.prompt.details.missingOIDCScope as string[] | undefined;
    if (missingOidc) grant.addOIDCScope(missingOidc.join(' '));
    const missingResources = (details.prompt.details.missingResourceScopes ?? {}) as Record<string, string[]>;
    for (const [indicator, scopes] of Object.entries(missingResources)) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await finish(ctx, { consent: details.grantId ? {} : { grantId } });
  });

  return router;
}

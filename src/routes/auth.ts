// /auth: accounts, sessions and API keys (spec 4.1, 5.2, 5.3). Mounted under /v1 by app.ts.
// Register, login and refresh are public; API keys are managed only by a signed-in account.
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { ApiKeyService } from '../services/apiKeyService';
import { normalizeEmail, type AuthService } from '../services/authService';
import { createAuthFailureLimiter, limitFailures, type AuthFailureLimiter } from '../core/authFailureLimiter';
import { requireRouteAccess } from '../http/authorize';
import { created, ok } from '../http/envelope';
import { jsonBody } from '../http/jsonBody';
import { principalOf } from '../http/principal';
import { validateBody } from '../http/validate';
import { createApiKeyBodySchema, type CreateApiKeyBody } from '../schemas/endpoints/apiKeys';
import {
  loginBodySchema,
  refreshBodySchema,
  registerBodySchema,
  type LoginBody,
  type RefreshBody,
  type RegisterBody,
} from '../schemas/endpoints/auth';

export interface AuthRoutesDeps {
  auth: AuthService;
  apiKeys: ApiKeyService;
  authenticate: Middleware;
  /** Body parser; default: JSON with AUTH_BODY_LIMIT_BYTES. */
  jsonBody?: Middleware;
  /** Runs after authenticate on the API-key routes (the general rate-limit area). */
  rateLimit?: Middleware;
  /** Failed logins and refreshes per client address and account (issue 24); default: counted in memory. */
  failures?: AuthFailureLimiter;
}

// Every body here is a few short strings. A tight cap bounds what an unauthenticated caller
// can make the server parse (the app-wide 1 MB limit is sized for profiles).
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/** Tokens and keys must not be kept by browsers or proxies. */
const noStore: Middleware = async (ctx, next) => {
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Pragma', 'no-cache');
  await next();
};

function body<T>(ctx: Context): T {
  return ctx.state.body as T;
}

export function authRoutes(deps: AuthRoutesDeps): Router {
  const { auth, apiKeys, authenticate } = deps;
  const json = deps.jsonBody ?? jsonBody(AUTH_BODY_LIMIT_BYTES);
  // The API-key routes are for a signed-in person: their entries in http/routeScopes.ts.
  const signedIn = deps.rateLimit ? [authenticate, deps.rateLimit, requireRouteAccess()] : [authenticate, requireRouteAccess()];
  // Public routes are limited per client address (no principal yet): slows password guessing.
  const limited = deps.rateLimit ? [deps.rateLimit] : [];
  const failures = deps.failures ?? createAuthFailureLimiter();
  const router = new Router();

  router.post('/auth/register', ...limited, json, validateBody(registerBodySchema), async (ctx) => {
    created(ctx, await auth.register(body<RegisterBody>(ctx)));
  });

  router.post('/auth/login', ...limited, noStore, json, validateBody(loginBodySchema), async (ctx) => {
    const input = body<LoginBody>(ctx);
    ok(ctx, await limitFailures(failures, { address: ctx.ip, account: normalizeEmail(input.email) }, () => auth.login(input)));
  });

  router.post('/auth/refresh', ...limited, noStore, json, validateBody(refreshBodySchema), async (ctx) => {
    ok(ctx, await limitFailures(failures, { address: ctx.ip }, () => auth.refresh(body<RefreshBody>(ctx))));
  });

  router.post('/auth/api-keys', noStore, ...signedIn, json, validateBody(createApiKeyBodySchema), async (ctx) => {
    const input = body<CreateApiKeyBody>(ctx);
    const { key, apiKey } = await apiKeys.create(principalOf(ctx).accountId, input);
    created(ctx, { key, ...apiKey });
  });

  router.get('/auth/api-keys', ...signedIn, async (ctx) => {
    ok(ctx, { apiKeys: await apiKeys.list(principalOf(ctx).accountId) });
  });

  router.delete('/auth/api-keys/:keyId', ...signedIn, async (ctx) => {
    const revoked = await apiKeys.revoke(principalOf(ctx).accountId, ctx.params.keyId);
    ok(ctx, { id: revoked.id, revoked: true, revokedAt: revoked.revokedAt });
  });

  return router;
}

// Who is signed in, in this tab's memory only: nothing goes to localStorage, sessionStorage or
// cookies, so a reload signs out. The access token is refreshed shortly before it expires or when
// the API answers 401; refresh tokens rotate on every use (a reused one revokes the whole
// session), so concurrent callers share one refresh in flight.
import { ApiError, callApi } from './http.js';

const EARLY_REFRESH_MS = 30_000;

let access = null; // { token, expiresAt }
let refreshToken = null;
let account = null; // { email }
let refreshing = null;
let sandbox = null; // { key, keyId?: set when this page created the key }
const listeners = new Set();

function keep(tokens) {
  access = { token: tokens.accessToken, expiresAt: Date.now() + tokens.expiresIn * 1000 };
  refreshToken = tokens.refreshToken;
}

/** Called when the session ends: with the reason when the API ended it (a refused refresh), without one on sign-out. */
export function onSignedOut(listener) {
  listeners.add(listener);
}

export async function signIn(email, password) {
  keep(await callApi('/auth/login', { method: 'POST', body: { email, password } }));
  account = { email };
}

export function signedInAs() {
  return account?.email ?? null;
}

function forget() {
  access = null;
  refreshToken = null;
  account = null;
  sandbox = null;
  refreshing = null;
}

function end(reason) {
  forget();
  for (const listener of listeners) listener(reason);
}

/** A new access token from the refresh token; one request at a time. */
export function refresh() {
  if (!refreshToken) return Promise.reject(new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Signed out. Sign in again.' }));
  refreshing ??= callApi('/auth/refresh', { method: 'POST', body: { refreshToken } })
    .then(keep)
    .catch((error) => {
      if (error.status === 401) end(`Your session ended (${error.message}): sign in again.`);
      throw error;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/** The access token for live calls, refreshed first when it is about to expire. */
export async function liveToken() {
  if (refreshing) await refreshing;
  if (!access) throw new ApiError({ status: 401, code: 'UNAUTHORIZED', message: 'Signed out. Sign in again.' });
  if (access.expiresAt - Date.now() < EARLY_REFRESH_MS) await refresh();
  return access.token;
}

export function useSandboxKey(key, keyId) {
  sandbox = { key, ...(keyId && { keyId }) };
}

export function sandboxKey() {
  return sandbox?.key ?? null;
}

export function forgetSandboxKey() {
  sandbox = null;
}

/** Ends the session here; a sandbox key this page created is revoked first. */
export async function signOut() {
  const created = sandbox?.keyId;
  if (created && access) {
    await callApi(`/auth/api-keys/${encodeURIComponent(created)}`, { method: 'DELETE', token: access.token }).catch(() => undefined);
  }
  end();
}

// Authenticated calls for the current environment: live ones carry the signed-in account's access
// token (a 401 is retried once after a refresh), sandbox ones the sandbox key. Answers are cached
// for the tab's session by environment and path: switching a view back does not spend the
// analytics rate limit again.
import { ApiError, callApi } from './http.js';
import * as session from './session.js';

const cache = new Map();

export function clearCache() {
  cache.clear();
}

async function authorised(environment, path, options) {
  if (environment === 'sandbox') {
    const key = session.sandboxKey();
    if (!key) throw new ApiError({ status: 401, code: 'NO_SANDBOX_KEY', message: 'Sandbox data needs a sandbox API key.' });
    return callApi(path, { ...options, token: key });
  }
  try {
    return await callApi(path, { ...options, token: await session.liveToken() });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    await session.refresh();
    return callApi(path, { ...options, token: await session.liveToken() });
  }
}

/** GET with the query's defined values, cached. */
export function get(environment, path, query = {}) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(name, String(value));
  const url = params.size > 0 ? `${path}?${params}` : path;
  const key = `${environment} ${url}`;
  if (!cache.has(key)) {
    const pending = authorised(environment, url, {});
    cache.set(key, pending);
    // A failure is not kept: the next attempt asks again.
    pending.catch(() => cache.delete(key));
  }
  return cache.get(key);
}

/** A write on the live account (creating a sandbox key), never cached. */
export function post(path, body) {
  return authorised('live', path, { method: 'POST', body });
}

/** One of the four analytics questions for the chosen business and period, with its own options. */
export function analytics(question, { environment, businessId, startDate, endDate }, options = {}) {
  return get(environment, `/analytics/${question}`, { businessId, startDate, endDate, ...options });
}

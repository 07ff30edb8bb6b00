// A client of the fleet through its proxy: every answer says which instance served it (the
// proxy's X-Served-By), so the fleet tests and the fault run can show a flow crossing instances.
// Also the setup they need beyond the public API: an account's plan raised in the store, as an
// admin would.
import { randomBytes } from 'node:crypto';
import { createMongoStore } from '../../src/adapters/mongo/mongoStore';
import { SCOPES, type CustomLimits, type Plan } from '../../src/domain/account';
import type { Fleet } from './fleet';

export interface Answer<T = any> {
  status: number;
  /** The instance that answered (api-1, api-2, ...), or '' when the proxy itself did. */
  servedBy: string;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  auth?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Call = <T = any>(method: string, path: string, options?: CallOptions) => Promise<Answer<T>>;

/** Calls `${origin}${path}` (path starts with /v1 or /oauth) and parses a JSON answer. */
export function callerOf(origin: string): Call {
  return async (method, path, options = {}) => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined && { 'Content-Type': 'application/json' }),
        ...(options.auth && { Authorization: `Bearer ${options.auth}` }),
        ...options.headers,
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON (a page, the proxy's own error): kept as text
    }
    return { status: response.status, servedBy: response.headers.get('x-served-by') ?? '', headers: response.headers, body: body as never };
  };
}

export interface FleetAccount {
  accountId: string;
  email: string;
  password: string;
  /** A sign-in token (JWT). */
  token: string;
  /** A live API key with every scope. */
  key: string;
}

export const PASSWORD = 'correct horse battery staple';

export async function newAccount(call: Call, name: string): Promise<FleetAccount> {
  const email = `${name}.${randomBytes(4).toString('hex')}@example.com`;
  const registered = await call('POST', '/v1/auth/register', { body: { email, password: PASSWORD, name } });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const login = await call('POST', '/v1/auth/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.data.accessToken as string;
  const key = await call('POST', '/v1/auth/api-keys', { auth: token, body: { name: 'fleet key', environment: 'live', scopes: [...SCOPES] } });
  if (key.status !== 201) throw new Error(`api key: ${key.status} ${JSON.stringify(key.body)}`);
  return { accountId: registered.body.data.id, email, password: PASSWORD, token, key: key.body.data.key };
}

/** Raises an account's plan (and custom limits) in the store, as PATCH /v1/admin/accounts/{id} by an admin would. */
export async function setPlan(fleet: Fleet, accountId: string, plan: Plan, customLimits?: CustomLimits): Promise<void> {
  const store = await createMongoStore({ uri: fleet.env.MONGODB_URI });
  try {
    await store.accounts.update(accountId, { plan, ...(customLimits && { customLimits }) }, new Date().toISOString());
  } finally {
    await store.close();
  }
}

/** Polls `probe` until it returns a value, every 100 ms, for at most `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Yesterday and today (UTC): an analytics period that holds what was just recorded whatever the business's zone. */
export function recentDays(): { startDate: string; endDate: string } {
  const now = Date.now();
  return { startDate: new Date(now - 86_400_000).toISOString().slice(0, 10), endDate: new Date(now).toISOString().slice(0, 10) };
}

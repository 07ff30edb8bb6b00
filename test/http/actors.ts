// Small builders for the callers HTTP tests need: a signed-in account, its API keys.
import request from 'supertest';
import type { TestApp } from './testApp';

export interface Actor {
  accountId: string;
  email: string;
  /** JWT access token (live environment, all scopes). */
  token: string;
  auth: { Authorization: string };
}

let counter = 0;

export async function signUp(app: TestApp, name = 'owner', plan: 'free' | 'professional' | 'enterprise' = 'free'): Promise<Actor> {
  counter += 1;
  const email = `${name}.${counter}.${Date.now()}@example.com`;
  const password = 'correct horse battery staple';
  const registered = await request(app.callback).post('/v1/auth/register').send({ email, password, name });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  // Registration cannot choose a plan; an admin sets it, here straight in the store.
  if (plan !== 'free') await app.store.accounts.update(registered.body.data.id, { plan }, new Date().toISOString());
  const login = await request(app.callback).post('/v1/auth/login').send({ email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const token = login.body.data.accessToken as string;
  return { accountId: registered.body.data.id, email, token, auth: { Authorization: `Bearer ${token}` } };
}

export async function apiKey(app: TestApp, actor: Actor, environment: 'test' | 'live', scopes?: string[]): Promise<{ key: string; id: string; auth: { Authorization: string } }> {
  const response = await request(app.callback)
    .post('/v1/auth/api-keys')
    .set(actor.auth)
    .send({ name: `${environment} key`, environment, ...(scopes && { scopes }) });
  if (response.status !== 201) throw new Error(`api key failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { key: response.body.data.key, id: response.body.data.id, auth: { Authorization: `Bearer ${response.body.data.key}` } };
}

/** A body that passes validation and has everything publishing needs. */
export function completeProfileBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    name: `Green Leaf Kitchen ${counter}`,
    category: 'restaurants',
    description: 'Plant-based lunch and dinner spot on South Congress serving seasonal bowls, tacos and house-made kombucha.',
    tagline: 'Seasonal plant-based food in South Austin',
    location: {
      address: { street: '1400 S Congress Ave', city: 'Austin', state: 'TX', postalCode: `787${String(counter % 100).padStart(2, '0')}`, country: 'US' },
      coordinates: { lat: 30.2489, lon: -97.7501 },
    },
    contact: { phone: `+1512555${String(1000 + (counter % 9000)).padStart(4, '0')}`, email: 'hello@greenleaf.example', website: 'https://greenleaf.example' },
    hours: {
      monday: { open: '11:00', close: '22:00' },
      tuesday: { open: '11:00', close: '22:00' },
      sunday: { closed: true },
    },
    ...overrides,
  };
}

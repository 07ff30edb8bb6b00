// Who has a public page: only a live, published, not deleted business whose owner is not
// suspended and did not turn the page off, tested as a matrix through HTTP. A hidden page answers
// exactly as a page that never existed. Also: the owner's noindex, owner-written text that tries
// to be HTML or Markdown, and the per-address rate limit.
import request from 'supertest';
import { createMemoryRateLimiter } from '../../../src/adapters/memory/memoryLimiters';
import { createPageRateLimit } from '../../../src/core/rateLimitCheck';
import { htmlElements } from '../../support/htmlDocument';
import { apiKey, completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

let app: TestApp;
let owner: Actor;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, 'owner', 'enterprise');
});
afterAll(() => app.close());

async function created(auth: { Authorization: string }, body: Record<string, unknown> = {}): Promise<string> {
  const response = await request(app.callback).post('/v1/business/profile').set(auth).send(completeProfileBody(body));
  expect(response.status).toBe(201);
  return response.body.data.id as string;
}

async function patched(auth: { Authorization: string }, id: string, body: Record<string, unknown>) {
  const response = await request(app.callback).patch(`/v1/business/profile/${id}`).set(auth).send(body);
  expect(response.status).toBe(200);
  return response.body.data;
}

/** The page of a business as a stranger fetches it, by the path the owner was told, else by id. */
async function pageOf(id: string, path: string | null) {
  return request(app.callback).get(path ?? `/b/${id}`);
}

describe('public page visibility', () => {
  it('serves a page only for a live, published, visible business (matrix)', async () => {
    const sandboxKey = await apiKey(app, owner, 'test');
    const suspendedOwner = await signUp(app, 'suspended', 'enterprise');
    const cases: Array<{ name: string; setup: () => Promise<{ id: string; path: string | null }>; visible: boolean }> = [
      { name: 'published', visible: true, setup: async () => { const id = await created(owner.auth); return { id, path: (await patched(owner.auth, id, { status: 'published' })).publicPage.path }; } },
      { name: 'draft', visible: false, setup: async () => ({ id: await created(owner.auth), path: null }) },
      {
        name: 'sandbox, published', visible: false,
        setup: async () => { const id = await created(sandboxKey.auth); return { id, path: (await patched(sandboxKey.auth, id, { status: 'published' })).publicPage.path }; },
      },
      {
        name: 'published, then unpublished', visible: false,
        setup: async () => { const id = await created(owner.auth); const path = (await patched(owner.auth, id, { status: 'published' })).publicPage.path; await patched(owner.auth, id, { status: 'draft' }); return { id, path }; },
      },
      {
        name: 'published, page turned off', visible: false,
        setup: async () => { const id = await created(owner.auth); const path = (await patched(owner.auth, id, { status: 'published' })).publicPage.path; await patched(owner.auth, id, { publicPage: 'off' }); return { id, path }; },
      },
      {
        name: 'published, then deleted', visible: false,
        setup: async () => {
          const id = await created(owner.auth);
          const path = (await patched(owner.auth, id, { status: 'published' })).publicPage.path;
          expect((await request(app.callback).delete(`/v1/business/profile/${id}`).set(owner.auth)).status).toBe(200);
          return { id, path };
        },
      },
      {
        name: 'published, owner suspended', visible: false,
        setup: async () => {
          const id = await created(suspendedOwner.auth);
          const path = (await patched(suspendedOwner.auth, id, { status: 'published' })).publicPage.path;
          const admin = await signUp(app, 'admin');
          await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date().toISOString());
          const suspended = await request(app.callback).patch(`/v1/admin/accounts/${suspendedOwner.accountId}`).set(admin.auth).send({ suspended: true });
          expect(suspended.status).toBe(200);
          return { id, path };
        },
      },
    ];
    const seen: Array<[string, number, number]> = [];
    const hiddenBodies = new Set<string>();
    for (const item of cases) {
      const { id, path } = await item.setup();
      const html = await pageOf(id, path);
      const markdown = await request(app.callback).get(`${path ?? `/b/${id}`}.md`);
      seen.push([item.name, html.status, markdown.status]);
      if (!item.visible) hiddenBodies.add(`${html.status} ${html.text}`);
    }
    expect(seen).toEqual(cases.map((item) => [item.name, item.visible ? 200 : 404, item.visible ? 200 : 404]));
    // Every hidden page answers the same words as an address nobody ever had.
    const never = await request(app.callback).get('/b/no-such-business-anywhere');
    expect([...hiddenBodies]).toEqual([`${never.status} ${never.text}`]);
  });

  it('keeps a noindex page but asks search engines and crawlers not to index it', async () => {
    const id = await created(owner.auth);
    const path = (await patched(owner.auth, id, { status: 'published', publicPage: 'noindex' })).publicPage.path;
    const html = await request(app.callback).get(path);
    expect(html.status).toBe(200);
    expect(html.headers['x-robots-tag']).toBe('noindex');
    expect(htmlElements(html.text).find((el) => el.tag === 'meta' && el.attributes.name === 'robots')?.attributes.content).toBe('noindex');
    const markdown = await request(app.callback).get(`${path}.md`);
    expect(markdown.headers['x-robots-tag']).toBe('noindex');
    const invalid = await request(app.callback).patch(`/v1/business/profile/${id}`).set(owner.auth).send({ publicPage: 'hidden' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'publicPage' } });
  });

  it('shows owner-written text as text: no element, attribute or link comes from it', async () => {
    const hostile = {
      name: 'Evil <script>alert(1)</script> & "Co"',
      tagline: '"><img src=x onerror=alert(2)>',
      description: '</script><script>alert(3)</script>\n\n[click](javascript:alert(4)) <b>bold</b> ![x](https://evil.example/x.png)',
    };
    const id = await created(owner.auth, hostile);
    const path = (await patched(owner.auth, id, { status: 'published', services: [{ name: '<iframe src=//evil>', pricing: { type: 'fixed', currency: 'USD', amount: 1 } }] })).publicPage.path;
    const html = await request(app.callback).get(path);
    const elements = htmlElements(html.text);
    expect(elements.filter((el) => el.tag === 'script').map((el) => el.attributes.type)).toEqual(['application/ld+json']);
    expect(elements.filter((el) => ['iframe', 'b'].includes(el.tag))).toEqual([]);
    expect(elements.filter((el) => el.tag === 'img')).toEqual([]);
    expect(elements.flatMap((el) => Object.keys(el.attributes)).filter((name) => name.startsWith('on'))).toEqual([]);
    expect(elements.find((el) => el.tag === 'h1')?.text).toBe(hostile.name);
    // The JSON-LD stays one data block that parses to the owner's words.
    expect(JSON.parse(elements.find((el) => el.tag === 'script')!.text).name).toBe(hostile.name);
    const markdown = (await request(app.callback).get(`${path}.md`)).text;
    expect(markdown).not.toMatch(/(^|[^\\])<script/);
    expect(markdown).not.toMatch(/(^|[^\\])\[click\]/);
    expect(markdown).not.toMatch(/(^|[^\\])!\[x\]/);
    expect(markdown).toContain('\\<b\\>bold\\</b\\>');
  });
});

describe('public page rate limit', () => {
  it('answers 429 with Retry-After past the per-address budget, other addresses unaffected', async () => {
    const limited = await buildTestApp({ pageRateLimit: createPageRateLimit(createMemoryRateLimiter(), 3) });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await request(limited.callback).get('/b/nothing-here')).status);
      expect(statuses).toEqual([404, 404, 404, 429]);
      const refused = await request(limited.callback).get('/b/nothing-here');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['cache-control']).toBe('no-store');
    } finally {
      await limited.close();
    }
  });
});

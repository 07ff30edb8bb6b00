// /docs serves swagger-ui from node_modules with a self-only CSP.
import request from 'supertest';
import { buildTestApp, type TestApp } from '../http/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

it('GET /docs answers the HTML page pointing at local assets and /v1/openapi.json, with a self-only CSP', async () => {
  const page = await request(app.callback).get('/docs');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.text).toContain('<script src="/docs/assets/swagger-ui-bundle.js"></script>');
  expect(page.text).not.toMatch(/https?:\/\//);
  const csp = page.headers['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/https?:|\*/);
  const init = await request(app.callback).get('/docs/assets/init.js');
  expect(init.status).toBe(200);
  expect(init.text).toContain("const DOCUMENT_URL = '/v1/openapi.json'");
  expect(page.text).toContain('<link rel="stylesheet" href="/docs/assets/docs.css">');
  const css = await request(app.callback).get('/docs/assets/docs.css');
  expect(css.status).toBe(200);
  expect(css.headers['content-type']).toMatch(/^text\/css/);
  // Our own files revalidate; swagger-ui's change only with its package version.
  expect(css.headers['cache-control']).toBe('no-cache');
  expect((await request(app.callback).get('/docs/assets/swagger-ui.css')).headers['cache-control']).toBe('public, max-age=3600');
});

it('serves the swagger-ui bundle and stylesheet from node_modules', async () => {
  const js = await request(app.callback).get('/docs/assets/swagger-ui-bundle.js');
  expect(js.status).toBe(200);
  expect(js.headers['content-type']).toMatch(/javascript/);
  expect(js.text).toContain('SwaggerUIBundle');
  const css = await request(app.callback).get('/docs/assets/swagger-ui.css');
  expect(css.status).toBe(200);
  expect(css.headers['content-type']).toMatch(/^text\/css/);
});

it.each(['/docs/assets/package.json', '/docs/assets/..%2F..%2Fpackage.json', '/docs/assets/../../package.json'])(
  '%s is not served (only a fixed list of assets)',
  async (url) => {
    const response = await request(app.callback).get(url);
    expect(response.status).toBe(404);
  },
);

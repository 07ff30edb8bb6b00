// /dashboard is served by the API process, offline (its own ES modules and Chart.js
// from node_modules), under a CSP that allows this origin only and no inline script or style.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { buildTestApp, type TestApp } from '../http/testApp';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

it('GET /dashboard answers the HTML page with local scripts only and a strict CSP', async () => {
  const page = await request(app.callback).get('/dashboard');
  expect(page.status).toBe(200);
  expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.text).toContain('<script type="module" src="/dashboard/assets/main.js"></script>');
  expect(page.text).toContain('<script src="/dashboard/assets/vendor/chart.umd.min.js" defer></script>');
  expect(page.text).toContain('href="/docs"');
  // No CDN, no inline script, no inline style.
  expect(page.text).not.toMatch(/https?:\/\//);
  expect(page.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  expect(page.text).not.toMatch(/\sstyle=|<style/);
  const csp = page.headers['content-security-policy'];
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("style-src 'self';");
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:|\*/);
  expect((await request(app.callback).get('/dashboard/')).status).toBe(200);
  expect((await request(app.callback).head('/dashboard')).status).toBe(200);
});

it('serves Chart.js from node_modules and the page modules from src/dashboard/public, each under the same CSP', async () => {
  const chart = await request(app.callback).get('/dashboard/assets/vendor/chart.umd.min.js');
  expect(chart.status).toBe(200);
  expect(chart.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(chart.text).toBe(readFileSync(path.join(__dirname, '../../node_modules/chart.js/dist/chart.umd.min.js'), 'utf8'));
  expect(chart.headers['content-security-policy']).toContain("default-src 'none'");

  for (const asset of ['main.js', 'api.js', 'session.js', 'views/funnel.js', 'styles.css']) {
    const response = await request(app.callback).get(`/dashboard/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(readFileSync(path.join(__dirname, '../../src/dashboard/public', asset), 'utf8'));
    expect(response.headers['content-type']).toBe(asset.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  }
});

it.each([
  '/dashboard/assets/nope.js',
  '/dashboard/assets/index.html',
  '/dashboard/assets/vendor/chart.js',
  '/dashboard/assets/../../../package.json',
  '/dashboard/assets/..%2F..%2F..%2Fpackage.json',
  '/dashboard/assets/%2e%2e/%2e%2e/dashboardPage.ts',
  '/dashboard/assets/views/..%2Fmain.js',
  '/dashboard/assets/',
  '/dashboard/other',
])('%s is 404 in the envelope (only the listed files are served)', async (url) => {
  const response = await request(app.callback).get(url);
  expect(response.status).toBe(404);
  expect(response.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
});

it('answers 405 with Allow: GET, HEAD to another method on the page or an asset', async () => {
  for (const url of ['/dashboard', '/dashboard/assets/main.js', '/docs']) {
    const response = await request(app.callback).post(url).send({});
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
    expect(response.body).toMatchObject({ success: false, error: { code: 'METHOD_NOT_ALLOWED' } });
  }
});

// A route with an id in its place, registered before a literal route it also matches
// (`/business/profile/:businessId` before `/business/profile/status`), would take the literal's
// requests: a 400 about an id nobody sent, or the wrong handler. Every literal path of /v1 must
// come before any id route that matches it, for the same method.
import type Router from '@koa/router';
import { buildTestApp, type TestApp } from './testApp';

let app: TestApp;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

function v1Router(): Router {
  const found = app.koa.middleware.map((middleware) => (middleware as { router?: Router }).router).find((router) => router?.opts.prefix === '/v1');
  if (!found) throw new Error('the app mounts no /v1 router');
  return found;
}

it('registers every literal path before the id routes that match it', () => {
  const routes = v1Router().stack.filter((layer) => layer.methods.length > 0 && typeof layer.path === 'string');
  const pathOf = (layer: (typeof routes)[number]) => layer.path as string;
  const shadowed: string[] = [];
  let literalsBesideIds = 0;
  routes.forEach((literal, index) => {
    if (pathOf(literal).includes(':')) return;
    for (const idRoute of routes.filter((layer) => pathOf(layer).includes(':') && layer.match(pathOf(literal)))) {
      literalsBesideIds += 1;
      const sharedMethods = idRoute.methods.filter((method) => literal.methods.includes(method));
      if (routes.indexOf(idRoute) < index && sharedMethods.length > 0) shadowed.push(`${sharedMethods.join(',')} ${idRoute.path} before ${literal.path}`);
    }
  });
  expect(shadowed).toEqual([]);
  // /business/profile/media and /business/profile/status beside /business/profile/:businessId at least.
  expect(literalsBesideIds).toBeGreaterThanOrEqual(2);
});

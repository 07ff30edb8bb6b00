// Path ids are checked against their documented patterns (components.parameters in the
// OpenAPI document): `/business/profile/not-an-id` is 400 VALIDATION_ERROR naming the
// parameter, never a lookup and a 404 that quotes the input back.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { Operation } from '../core/operation';
import { ValidationError } from '../domain/errors';
import { compileSchema } from '../schemas/compile';
import { PATH_ID_SCHEMAS } from '../schemas/parts/ids';

export { PATH_ID_SCHEMAS } from '../schemas/parts/ids';

const VALIDATORS = Object.fromEntries(Object.entries(PATH_ID_SCHEMAS).map(([name, schema]) => [name, compileSchema(schema, 'body')]));

/**
 * The methods of the routes that serve `path` with every id in its documented shape. A literal
 * path also matches a route with an id in its place (`/business/profile/media` matches
 * `/business/profile/:businessId`): that route does not serve it, so a method only it has is a 405
 * with the literal route's methods, not a 400 about an id nobody sent.
 */
function methodsServing(router: Router, path: string): string[] {
  const methods = new Set<string>();
  for (const layer of router.stack) {
    if (layer.methods.length === 0 || !layer.match(path)) continue;
    const params = layer.params(path, layer.captures(path));
    if (Object.entries(params).every(([name, value]) => VALIDATORS[name]?.(value) ?? true)) layer.methods.forEach((method) => methods.add(method));
  }
  return [...methods];
}

/**
 * Mounted just before `router.allowedMethods()`: the router's Allow lists every route the path
 * matches, `/business/profile/:businessId` included for `/business/profile/media`; this keeps
 * only the methods of the routes that really serve it.
 */
export function allowOnlyServingMethods(router: Router): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 405) return;
    const allowed = methodsServing(router, ctx.path);
    if (allowed.length > 0) ctx.set('Allow', allowed.join(', '));
  };
}

/** Whether a request is for an operation anyone may call (PUBLIC): its method and path under `prefix`. */
export function publicRouteMatcher(operations: ReadonlyArray<Pick<Operation<never>, 'access' | 'http'>>, prefix: string): (method: string, path: string) => boolean {
  const routes = operations.flatMap((operation) =>
    operation.access.kind === 'public' && operation.http
      ? [{ method: operation.http.method, pattern: new RegExp(`^${prefix}${operation.http.path.replace(/\{[^}]+\}/g, '[^/]+')}$`) }]
      : [],
  );
  return (method, path) => routes.some((route) => route.method === method && route.pattern.test(path));
}

/**
 * Registers the checks on `router` (before or after its sub-routers are mounted). Router
 * param handlers run before a route's own middleware, so a bad id first goes through
 * `authenticate`: a caller without a valid credential gets 401, as for any other path, except
 * on a route anyone may call (`isPublic`), where the bad id is the only thing wrong.
 */
export function checkPathIds(router: Router, authenticate: Middleware, isPublic: (method: string, path: string) => boolean = () => false): void {
  for (const [name, schema] of Object.entries(PATH_ID_SCHEMAS)) {
    const valid = VALIDATORS[name];
    const issue = String(schema['x-issue']);
    router.param(name, async (value, ctx, next) => {
      if (valid(value)) return next();
      const allowed = methodsServing(router, ctx.path);
      if (allowed.length > 0 && !allowed.includes(ctx.method)) {
        // errorHandler puts the envelope around the router's own kind of 405.
        ctx.set('Allow', allowed.join(', '));
        ctx.status = 405;
        return;
      }
      if (!isPublic(ctx.method, ctx.path)) await authenticate(ctx, async () => undefined);
      throw new ValidationError(name, issue);
    });
  }
}

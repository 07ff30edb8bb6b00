// Path ids are checked against their documented patterns (components.parameters in the
// OpenAPI document): `/business/profile/not-an-id` is 400 VALIDATION_ERROR naming the
// parameter, never a lookup and a 404 that quotes the input back.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
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

/**
 * Registers the checks on `router` (before or after its sub-routers are mounted). Router
 * param handlers run before a route's own middleware, so a bad id first goes through
 * `authenticate`: a caller without a valid credential gets 401, as for any other path.
 */
export function checkPathIds(router: Router, authenticate: Middleware): void {
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
      await authenticate(ctx, async () => undefined);
      throw new ValidationError(name, issue);
    });
  }
}

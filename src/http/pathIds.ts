// Which routes really serve a path whose ids are not in their documented patterns: a method only a
// route with an id in that place has is 405 with the methods of the routes that do serve it. The
// id itself is checked by invoke, after authentication, for every transport (400 VALIDATION_ERROR
// naming the parameter, never a lookup and a 404 that quotes the input back).
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { compileSchema } from '../schemas/compile';
import { PATH_ID_SCHEMAS } from '../schemas/parts/ids';

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
    if (Object.entries(params).every(([name, value]) => (VALIDATORS as Partial<typeof VALIDATORS>)[name]?.(value) ?? true)) layer.methods.forEach((method) => methods.add(method));
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
 * Registers the check on `router` (before or after its sub-routers are mounted): a path with an id
 * out of its pattern, asked with a method no route serving that path has, is 405 (errorHandler puts
 * the envelope around it). Other methods reach their route, whose invoke refuses the id.
 */
export function refuseUnservedMethods(router: Router): void {
  for (const [name, valid] of Object.entries(VALIDATORS)) {
    router.param(name, async (value, ctx, next) => {
      if (valid(value)) return next();
      const allowed = methodsServing(router, ctx.path);
      if (allowed.length > 0 && !allowed.includes(ctx.method)) {
        ctx.set('Allow', allowed.join(', '));
        ctx.status = 405;
        return;
      }
      return next();
    });
  }
}

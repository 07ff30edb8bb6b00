// Request validation middleware over the checks of schemas/check.ts. Each factory compiles its
// schema when the route table is built; a request only runs the compiled function. The validated
// value (with defaults applied, and for queries numbers and arrays coerced from strings) goes
// on ctx.state.body / ctx.state.query.
import type { SchemaObject } from 'ajv';
import type { Middleware } from 'koa';
import { bodyChecker, queryChecker } from '../schemas/check';

/** Validates the JSON body; the result (defaults applied, never coerced) is ctx.state.body. */
export function validateBody(schema: SchemaObject): Middleware {
  const check = bodyChecker(schema);
  return async (ctx, next) => {
    ctx.state.body = check(ctx.request.body);
    await next();
  };
}

/** Validates the query string; the result (numbers coerced, defaults applied) is ctx.state.query. */
export function validateQuery(schema: SchemaObject): Middleware {
  const check = queryChecker(schema);
  return async (ctx, next) => {
    ctx.state.query = check(ctx.query as Record<string, unknown>);
    await next();
  };
}

// Request validation against the JSON Schemas in src/schemas. Each factory compiles its schema
// when the route table is built; a request only runs the compiled function. The validated
// value (with defaults applied, and for queries numbers and arrays coerced from strings) goes
// on ctx.state.body / ctx.state.query; the first failure becomes a ValidationError naming the
// field as a dotted path and the issue in plain words.
import type { SchemaObject } from 'ajv';
import type { Middleware } from 'koa';
import { ValidationError } from '../domain/errors';
import { echo } from './echo';
import { compileSchema, type SchemaMode } from '../schemas/compile';
import { firstIssue } from '../schemas/issue';

type Check = (value: unknown) => unknown;

function checker(schema: SchemaObject, mode: SchemaMode, root: string): Check {
  const validate = compileSchema(schema, mode);
  return (value) => {
    if (validate(value)) return value;
    const { field, issue } = firstIssue(validate.errors, root);
    // An unknown property's name is the client's own text: bounded before it is echoed.
    throw new ValidationError(echo(field), issue);
  };
}

/** A body check for callers that are not Koa routes (MCP tool arguments): same schema, same errors. */
export function bodyChecker(schema: SchemaObject): Check {
  const check = checker(schema, 'body', 'body');
  return (body) => {
    if (body === undefined || body === null) throw new ValidationError('body', 'is required (send a JSON object)');
    return check(body);
  };
}

// Array-typed query parameters also accept one comma-separated value (?dates=a,b).
function splitLists(schema: SchemaObject, query: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  const copy: Record<string, unknown> = { ...query };
  for (const [name, value] of Object.entries(copy)) {
    if (properties[name]?.type === 'array' && typeof value === 'string') copy[name] = value.split(',');
  }
  return copy;
}

// Koa's query parser, like the JSON one (http/jsonBody.ts), turns invalid percent-encoded UTF-8
// (?query=%E9) into U+FFFD: refused the same way, instead of searching for a character nobody sent.
function refuseReplacementCharacter(query: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((one) => typeof one === 'string' && one.includes('\uFFFD'))) {
      throw new ValidationError(echo(name), 'holds invalid percent-encoded UTF-8 (or U+FFFD, which it decodes to)');
    }
  }
}

/** A query check for callers that are not Koa routes (GraphQL arguments): same schema, coercion and errors. */
export function queryChecker(schema: SchemaObject): (query: Record<string, unknown>) => unknown {
  const check = checker(schema, 'query', 'query');
  return (query) => {
    refuseReplacementCharacter(query);
    return check(splitLists(schema, query));
  };
}

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

/**
 * For DELETE endpoints that take their input either as a JSON body or in the query string
 * (DELETE blackout-dates): the body when one was sent, else the query. Result on ctx.state.body.
 */
export function validateBodyOrQuery(bodySchema: SchemaObject, querySchema: SchemaObject): Middleware {
  const checkBody = bodyChecker(bodySchema);
  const checkQuery = queryChecker(querySchema);
  return async (ctx, next) => {
    const body = ctx.request.body;
    ctx.state.body = body === undefined || body === null ? checkQuery(ctx.query as Record<string, unknown>) : checkBody(body);
    await next();
  };
}

/**
 * Checks a value a service built (a merged PATCH result, say) against a body schema, without
 * type coercion. Returns the value typed as T; throws ValidationError like the middleware.
 * The schema is compiled on first use and cached.
 */
export function assertValid<T = unknown>(schema: SchemaObject, value: unknown): T {
  return checker(schema, 'body', 'body')(value) as T;
}

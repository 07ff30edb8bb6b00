// Input checks against the JSON Schemas of src/schemas, for every caller (REST middleware, GraphQL
// arguments, MCP tool arguments, services checking a merged value). Each factory compiles its schema
// once; the first failure becomes a ValidationError naming the field as a dotted path and the issue
// in plain words. Bodies are never coerced; queries get numbers and arrays coerced from strings.
import type { SchemaObject } from 'ajv';
import { echo } from '../domain/echo';
import { ValidationError } from '../domain/errors';
import { compileSchema, type SchemaMode } from './compile';
import { firstIssue } from './issue';

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

/** A JSON body check: same schema, same errors wherever the body came from. */
export function bodyChecker(schema: SchemaObject): Check {
  const check = checker(schema, 'body', 'body');
  return (body) => {
    if (body === undefined || body === null) throw new ValidationError('body', 'is required (send a JSON object)');
    return check(body);
  };
}

// Array-typed query parameters also accept one comma-separated value (?dates=a,b).
function splitLists(schema: SchemaObject, query: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Partial<Record<string, SchemaObject>>;
  const copy: Record<string, unknown> = { ...query };
  for (const [name, value] of Object.entries(copy)) {
    if (properties[name]?.type === 'array' && typeof value === 'string') copy[name] = value.split(',');
  }
  return copy;
}

// A parameter that takes one value but came several times (?limit=5&limit=50) is refused by name
// instead of by the type its values together do not have: which one was meant is not ours to guess.
function refuseRepeated(schema: SchemaObject, query: Record<string, unknown>): void {
  const properties = (schema.properties ?? {}) as Partial<Record<string, SchemaObject>>;
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value) && properties[name] && properties[name].type !== 'array') {
      throw new ValidationError(echo(name), `is repeated (${value.length} values); send it once`);
    }
  }
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

/** A query-string check: numbers and arrays coerced from strings, defaults applied. */
export function queryChecker(schema: SchemaObject): (query: Record<string, unknown>) => Record<string, unknown> {
  const check = checker(schema, 'query', 'query');
  return (query) => {
    refuseReplacementCharacter(query);
    refuseRepeated(schema, query);
    // The parameters stay an object: the check coerces and completes them, it does not replace them.
    return check(splitLists(schema, query)) as Record<string, unknown>;
  };
}

/**
 * Checks a value a service built (a merged PATCH result, say) against a body schema, without
 * type coercion. Returns the value typed as T; throws ValidationError like the checks above.
 */
export function assertValid<T = unknown>(schema: SchemaObject, value: unknown): T {
  return checker(schema, 'body', 'body')(value) as T;
}

/**
 * An answer checked against its declared output schema (tests turn this on for every call, so a
 * presenter cannot drift from what OpenAPI, MCP and GraphQL promise). A mismatch is our defect:
 * a plain Error naming the first place it differs, never a client's VALIDATION_ERROR.
 */
export function outputChecker(schema: SchemaObject, name: string): (value: unknown) => void {
  const validate = compileSchema(schema, 'output');
  return (value) => {
    if (validate(value)) return;
    const first = validate.errors?.[0];
    throw new Error(`The answer does not match its declared schema ${name}: ${first?.instancePath || '(root)'} ${first?.message ?? ''}`.trim());
  };
}

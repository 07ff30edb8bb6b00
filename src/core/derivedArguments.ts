// An MCP tool's or GraphQL field's arguments, derived from the operation's input: its path ids (the
// patterns of schemas/parts/ids.ts), its query parameters and its body's fields, each schema written
// once; and the way back, each argument to the place of the input it came from. A declaration only
// says what differs (a renamed argument, one sent as a header, a field left out, a model-facing
// description); a `toInput` of its own is for arguments no mapping can express.
import type { SchemaObject } from 'ajv';
import { PATH_ID_SCHEMAS } from '../schemas/parts/ids';
import type { OperationInput } from './operation';

/** What a transport's arguments change of the input's fields; everything else is taken as it is. */
export interface ArgumentMap {
  /** Input field -> argument name: GraphQL's business(id) is the path's businessId; create_booking's sessionId is the body's journeyId. */
  rename?: Record<string, string>;
  /** Arguments sent as request headers: idempotencyKey as Idempotency-Key. */
  headers?: Record<string, { header: string; schema: SchemaObject }>;
  /** Input fields the transport does not offer (their defaults apply). */
  omit?: readonly string[];
  /** Descriptions for the reader of this transport (a model, a schema browser), by argument name; the field's own otherwise. */
  describe?: Record<string, string>;
  /** GraphQL fields on Business: the input field the parent's id fills (`businessId`), not offered as an argument. */
  fromParent?: string;
}

/** The input as an operation declares it, as far as arguments are concerned. */
export interface DeclaredInputShape {
  path?: readonly string[];
  query?: SchemaObject;
  body?: { schema: SchemaObject };
}

/**
 * tool: MCP, whose arguments are JSON checked as they are; field: GraphQL, whose query arguments
 * go back as the strings a query string carries (so the query schema checks and coerces them as on REST).
 */
export type ArgumentStyle = 'tool' | 'field';

type Place = 'path' | 'query' | 'body' | 'header';

interface Argument {
  place: Place;
  /** The name in the input (a path parameter, query parameter, body field or header). */
  target: string;
  schema: SchemaObject;
  required: boolean;
}

export interface DerivedArguments {
  args: SchemaObject;
  toInput(args: Record<string, unknown>): OperationInput;
}

function propertiesOf(schema: SchemaObject | undefined): Array<[string, SchemaObject, boolean]> {
  const properties = (schema?.properties ?? {}) as Record<string, SchemaObject>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => [name, property, required.has(name)]);
}

/** A query parameter as GraphQL carries it: its scalar type only (the query schema checks the rest). */
function queryScalar(schema: SchemaObject): SchemaObject {
  return { type: schema.type === 'integer' ? 'integer' : 'string', ...(schema.description && { description: schema.description }) };
}

export function deriveArguments(declared: DeclaredInputShape, map: ArgumentMap = {}, style: ArgumentStyle = 'tool'): DerivedArguments {
  const omitted = new Set(map.omit ?? []);
  const found: Array<[string, Argument]> = [];
  // Where each argument goes back to, the parent's id included (it is no argument of its own).
  const byName = new Map<string, Argument>();
  const add = (place: Place, target: string, schema: SchemaObject, required: boolean) => {
    if (omitted.has(target)) return;
    const name = map.rename?.[target] ?? target;
    const description = map.describe?.[name];
    const argument = { place, target, schema: description ? { ...schema, description } : schema, required };
    byName.set(name, argument);
    if (target !== map.fromParent) found.push([name, argument]);
  };
  for (const name of declared.path ?? []) add('path', name, PATH_ID_SCHEMAS[name] ?? { type: 'string' }, true);
  for (const [name, schema, required] of propertiesOf(declared.query)) add('query', name, style === 'field' ? queryScalar(schema) : schema, required);
  for (const [name, schema, required] of propertiesOf(declared.body?.schema)) add('body', name, schema, required);
  for (const [name, { header, schema }] of Object.entries(map.headers ?? {})) {
    const argument: Argument = { place: 'header', target: header, schema, required: false };
    byName.set(name, argument);
    found.push([name, argument]);
  }

  const required = found.filter(([, argument]) => argument.required).map(([name]) => name);
  return {
    args: { type: 'object', additionalProperties: false, ...(required.length > 0 && { required }), properties: Object.fromEntries(found.map(([name, argument]) => [name, argument.schema])) },
    toInput(args) {
      const input: OperationInput & { headers: Record<string, string> } = { path: {}, query: {}, body: declared.body ? {} : undefined, headers: {} };
      const body = input.body as Record<string, unknown> | undefined;
      for (const [name, value] of Object.entries(args)) {
        const argument = byName.get(name);
        // Absent arguments stay absent (GraphQL sends null for them), so the schemas' defaults apply.
        if (!argument || value === undefined || value === null) continue;
        if (argument.place === 'path') input.path[argument.target] = String(value);
        else if (argument.place === 'query') input.query[argument.target] = style === 'field' ? String(value) : value;
        else if (argument.place === 'header') input.headers[argument.target] = String(value);
        else if (body) body[argument.target] = value;
      }
      return input;
    },
  };
}

// GraphQL arguments for an operation whose REST input is a query string: the query schema's
// parameters as plain scalars (a query string has no other types), and the arguments sent back
// as the strings the query schema checks and coerces, so both transports are checked alike.
import type { SchemaObject } from 'ajv';
import type { OperationInput } from '../core/operation';

export function queryArguments(query: SchemaObject): SchemaObject {
  const properties = (query.properties ?? {}) as Record<string, SchemaObject>;
  return {
    type: 'object',
    additionalProperties: false,
    ...(query.required && { required: query.required }),
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, schema]) => [
        name,
        { type: schema.type === 'integer' ? 'integer' : 'string', ...(schema.description && { description: schema.description }) },
      ]),
    ),
  };
}

/** Arguments as a query string would carry them; absent (null) ones left out so defaults apply. */
export function queryInput(args: Record<string, unknown>): OperationInput {
  const query = Object.fromEntries(Object.entries(args).filter(([, value]) => value !== undefined && value !== null).map(([name, value]) => [name, String(value)]));
  return { path: {}, query, body: undefined };
}

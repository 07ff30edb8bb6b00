// A stored field's type and rules read from the JSON Schema the API checks that value with
// (src/schemas), so a bound, an enum or a pattern is written once and the database refuses what
// the API would (test/unit/records/*RecordShape.test.ts walk both and fail on a difference).
// Formats (email, uri, date) and `allOf` refinements stay the API's: the stored value was checked
// against them before it was written.

/** The JSON Schema keywords a stored leaf takes its rules from. */
export interface JsonLeaf {
  type?: string;
  enum?: ReadonlyArray<string | number>;
  const?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

import type { SchemaTypeOptions } from 'mongoose';

/** Always, never, or a condition on the part holding the field (pricing's `amount` only when not a range). */
// `this: any`: mongoose calls it with the sub-document as `this`, which its own definitions type `any`.
type Required = boolean | ((this: any) => boolean);

/** Mongoose's validator object; `type` is the kind a ValidatorError reports. */
interface StoredValidator {
  validator: (value: unknown) => boolean;
  message: string;
  type: string;
}

/** One field's definition (`any`: mongoose types a definition by its value's type, which the schema names only at run time). */
export type StoredLeaf = SchemaTypeOptions<any>;

function numberRules(schema: JsonLeaf): StoredLeaf {
  const validate: StoredValidator[] = [];
  if (schema.type === 'integer') validate.push({ validator: (value) => Number.isInteger(value), message: 'must be a whole number', type: 'integer' });
  const above = schema.exclusiveMinimum;
  if (above !== undefined) validate.push({ validator: (value) => typeof value === 'number' && value > above, message: `must be above ${above}`, type: 'exclusiveMinimum' });
  return {
    ...(schema.minimum !== undefined && { min: schema.minimum }),
    ...(schema.maximum !== undefined && { max: schema.maximum }),
    ...(validate.length > 0 && { validate }),
  };
}

function stringRules(schema: JsonLeaf): StoredLeaf {
  return {
    ...(schema.minLength !== undefined && { minlength: schema.minLength }),
    ...(schema.maxLength !== undefined && { maxlength: schema.maxLength }),
    // JSON Schema patterns are ECMA-262 regular expressions with Unicode semantics (ajv's `u` flag).
    ...(schema.pattern !== undefined && { match: new RegExp(schema.pattern, 'u') }),
  };
}

/** The mongoose definition of one stored leaf value described by `json` (a JSON Schema). */
export function storedAs(json: object, required?: Required): StoredLeaf {
  const schema: JsonLeaf = json;
  const constant = typeof schema.const === 'boolean' ? undefined : schema.const;
  const values = schema.enum ?? (constant !== undefined ? [constant] : undefined);
  const base = { ...(required !== undefined && { required }), ...(values && { enum: [...values] }) };
  switch (schema.type) {
    case 'string':
      return { type: String, ...base, ...stringRules(schema) };
    case 'number':
    case 'integer':
      return { type: Number, ...base, ...numberRules(schema) };
    case 'boolean':
      return { type: Boolean, ...base };
    default:
      throw new Error(`storedAs: no stored form for a JSON Schema of type ${String(schema.type)}`);
  }
}

interface JsonNode extends JsonLeaf {
  properties?: Record<string, JsonNode>;
  items?: JsonNode;
  oneOf?: JsonNode[];
}

/**
 * The leaf at a dotted `path` of an object schema (`[]` steps into an array's items). Through a
 * `oneOf` of objects (pricing's fixed / range / hourly) the branches' constants of one property
 * become its enum, and its other rules are the first branch's that has it.
 */
export function leafOf(schema: object, path: string): JsonLeaf {
  let nodes: JsonNode[] = [schema];
  for (const step of path.split('.')) {
    nodes = nodes.flatMap((node) => node.oneOf ?? [node]);
    nodes = step === '[]' ? nodes.flatMap((node) => (node.items ? [node.items] : [])) : nodes.flatMap((node) => (node.properties?.[step] ? [node.properties[step]] : []));
    if (nodes.length === 0) throw new Error(`leafOf: no ${path} in the schema`);
  }
  const [first] = nodes;
  const constants = nodes.flatMap((node) => (typeof node.const === 'string' || typeof node.const === 'number' ? [node.const] : []));
  return constants.length > 1 ? { ...first, const: undefined, enum: [...new Set(constants)] } : first;
}

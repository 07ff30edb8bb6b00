// PATCH bodies accept `null` for an optional field to clear it (the stored value is removed).
import type { SchemaObject } from 'ajv';
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

/** A typed schema that also accepts null; a plain SchemaObject stays one (it has no type to widen). */
export type Nullable<Schema> = string extends keyof Schema ? SchemaObject : Schema extends TSchema ? TUnsafe<Static<Schema> | null> : SchemaObject;

/** `schema` that also accepts null. Builds a new wrapper; the inner parts stay the same objects. */
export function nullable<Schema extends SchemaObject>(schema: Schema): Nullable<Schema> {
  return Type.Unsafe(withNull(schema)) as Nullable<Schema>;
}

function withNull(schema: SchemaObject): SchemaObject {
  const composite = schema.oneOf !== undefined || schema.anyOf !== undefined || schema.allOf !== undefined;
  if (!composite && typeof schema.type === 'string') {
    const widened: SchemaObject = { ...schema, type: [schema.type, 'null'] };
    if (Array.isArray(schema.enum)) widened.enum = [...schema.enum, null];
    return widened;
  }
  // An untyped oneOf (the hours of one day) takes null as one more branch.
  if (Array.isArray(schema.oneOf) && schema.type === undefined && schema.discriminator === undefined) {
    return { ...schema, oneOf: [...schema.oneOf, { type: 'null' }] };
  }
  return { anyOf: [schema, { type: 'null' }] };
}

/** Every property of an object schema made nullable; `required` and the rest are kept. */
export function nullableProperties<Schema extends TSchema & { properties: Record<string, SchemaObject> }>(schema: Schema): TUnsafe<{ [K in keyof Static<Schema>]: Static<Schema>[K] | null }> {
  const properties: Record<string, SchemaObject> = {};
  for (const [name, property] of Object.entries(schema.properties)) properties[name] = withNull(property);
  return Type.Unsafe({ ...schema, properties });
}

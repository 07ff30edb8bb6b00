// Properties a client may leave out and validation fills (ajv's useDefaults): out of the schema's
// `required`, yet present in the type the operation receives.
import Type, { type Static, type TSchema, type TUnsafe } from 'typebox';

/** `schema` (which states its `default`) as an optional property whose value is always there after validation. */
export function defaulted<Schema extends TSchema>(schema: Schema): TUnsafe<Static<Schema>> {
  // Type.Optional marks the property optional for Type.Object; Unsafe keeps that mark and states the type.
  return Type.Unsafe<Static<Schema>>(Type.Optional(schema));
}

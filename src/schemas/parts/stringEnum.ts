// A string that is one of a list, written as JSON Schema's `enum` (TypeBox's own union of literals
// would publish anyOf/const instead), typed as the list's union.
import Type, { type TUnsafe } from 'typebox';

export function stringEnum<const Values extends readonly string[]>(values: Values, options: Record<string, unknown> = {}): TUnsafe<Values[number]> {
  return Type.Unsafe<Values[number]>({ type: 'string', enum: [...values], ...options });
}

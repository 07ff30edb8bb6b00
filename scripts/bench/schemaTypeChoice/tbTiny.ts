import Type, { type Static } from 'typebox';
const s = Type.Object({ a: Type.String(), b: Type.Optional(Type.Integer()) }, { additionalProperties: false });
export const v: Static<typeof s> = { a: 'x' };

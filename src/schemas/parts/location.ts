import Type from 'typebox';
import { addressSchema } from './address';
import { coordinatesSchema } from './coordinates';
import { nullable, nullableProperties } from './nullable';

export const locationSchema = Type.Object({ address: Type.Optional(addressSchema), coordinates: Type.Optional(coordinatesSchema) }, { additionalProperties: false });

/** Deep-merge changes: address fields merge one by one, coordinates are replaced as a pair. */
export const locationChangesSchema = Type.Object(
  { address: Type.Optional(nullable(nullableProperties(addressSchema))), coordinates: Type.Optional(nullable(coordinatesSchema)) },
  { additionalProperties: false },
);

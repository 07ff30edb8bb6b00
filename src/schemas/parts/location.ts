import type { SchemaObject } from 'ajv';
import { addressSchema } from './address';
import { coordinatesSchema } from './coordinates';
import { nullable, nullableProperties } from './nullable';

export const locationSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: { address: addressSchema, coordinates: coordinatesSchema },
};

/** Deep-merge changes: address fields merge one by one, coordinates are replaced as a pair. */
export const locationChangesSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    address: nullable(nullableProperties(addressSchema)),
    coordinates: nullable(coordinatesSchema),
  },
};

import type { SchemaObject } from 'ajv';

export const latitudeSchema: SchemaObject = { type: 'number', minimum: -90, maximum: 90, description: 'Degrees north, WGS 84.' };
export const longitudeSchema: SchemaObject = { type: 'number', minimum: -180, maximum: 180, description: 'Degrees east, WGS 84.' };

/** Both halves or neither: a lone latitude places nothing. */
export const coordinatesSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['lat', 'lon'],
  properties: { lat: latitudeSchema, lon: longitudeSchema },
};

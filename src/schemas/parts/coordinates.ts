import Type from 'typebox';

export const latitudeSchema = Type.Number({ minimum: -90, maximum: 90, description: 'Degrees north, WGS 84.' });
export const longitudeSchema = Type.Number({ minimum: -180, maximum: 180, description: 'Degrees east, WGS 84.' });

/** Both halves or neither: a lone latitude places nothing. */
export const coordinatesSchema = Type.Object({ lat: latitudeSchema, lon: longitudeSchema }, { additionalProperties: false });

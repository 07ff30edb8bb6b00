import Type from 'typebox';
import { LATITUDE, LONGITUDE } from '../../domain/profile';

export const latitudeSchema = Type.Number({ ...LATITUDE, description: 'Degrees north, WGS 84.' });
export const longitudeSchema = Type.Number({ ...LONGITUDE, description: 'Degrees east, WGS 84.' });

/** Both halves or neither: a lone latitude places nothing. */
export const coordinatesSchema = Type.Object({ lat: latitudeSchema, lon: longitudeSchema }, { additionalProperties: false });

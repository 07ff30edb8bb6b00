// Offset paging. Each endpoint states its own bounds (spec 4.2, 8); offsets are capped so a
// deep page cannot make the index sort the whole corpus.
import Type from 'typebox';
import { defaulted } from './defaulted';

export function limitSchema(maximum: number, defaultLimit: number) {
  return defaulted(Type.Integer({ minimum: 1, maximum, default: defaultLimit, description: `Page size, 1-${maximum}.` }));
}

export function offsetSchema(maximum: number, description = `Results to skip, 0-${maximum}.`) {
  return defaulted(Type.Integer({ minimum: 0, maximum, default: 0, description }));
}

import type { SchemaObject } from 'ajv';
import { COUNTRY_CODES } from './countries';
import { text } from './text';

export const countryCodeSchema: SchemaObject = {
  type: 'string',
  enum: [...COUNTRY_CODES],
  'x-issue': 'must be an ISO 3166-1 alpha-2 country code',
  description: 'ISO 3166-1 alpha-2, upper case.',
};

// Letters, digits, spaces and hyphens, 1-12 characters: covers US ZIP+4, UK, CA, NL, JP formats
// without a per-country table.
export const postalCodeSchema: SchemaObject = {
  type: 'string',
  maxLength: 12,
  pattern: '^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?$',
  'x-issue': 'must be a postal code of 1-12 letters, digits, spaces or hyphens',
};

/** Street up to 200 characters (two address lines), city and state up to 100. */
export const addressSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  properties: {
    street: text(200),
    city: text(100),
    state: text(100),
    country: countryCodeSchema,
    postalCode: postalCodeSchema,
  },
};

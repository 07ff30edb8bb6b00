import Type from 'typebox';
import { COUNTRY_CODES } from '../../domain/countries';
import { stringEnum } from './stringEnum';
import { text } from './text';

export const countryCodeSchema = stringEnum(COUNTRY_CODES, { 'x-issue': 'must be an ISO 3166-1 alpha-2 country code', description: 'ISO 3166-1 alpha-2, upper case.' });

// Letters, digits, spaces and hyphens, 1-12 characters: covers US ZIP+4, UK, CA, NL, JP formats
// without a per-country table. White space around the code (a pasted "78704 ") is accepted and
// dropped before storing (services/profileInput.ts normalizeLocation), as Stripe does with addresses.
export const postalCodeSchema = Type.String({
  maxLength: 32,
  pattern: '^\\s*[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?\\s*$',
  'x-issue': 'must be a postal code of 1-12 letters, digits, spaces or hyphens, starting and ending with a letter or digit',
  description: '1-12 letters, digits, spaces or hyphens. Surrounding white space is removed before storing.',
});

/** The lines of an address, each optional. */
export const addressProperties = {
  street: Type.Optional(text(200)),
  city: Type.Optional(text(100)),
  state: Type.Optional(text(100)),
  country: Type.Optional(countryCodeSchema),
  postalCode: Type.Optional(postalCodeSchema),
};

/** Street up to 200 characters on one line (a second address line goes after a comma), city and state up to 100. */
export const addressSchema = Type.Object(addressProperties, {
  additionalProperties: false,
  description: 'Every line is stored without surrounding white space (" Austin " is Austin), so filters and duplicate checks compare the words.',
});

// Service pricing (spec 2.3). `type` selects the shape: fixed and hourly carry one `amount`,
// range carries 0 <= minAmount <= maxAmount. Amounts are in major units of `currency`
// (12.5 = twelve and a half dollars); one billion is a generous ceiling that still catches typos.
import type { SchemaObject } from 'ajv';
import { CURRENCY_CODES } from './currencies';

export const currencyCodeSchema: SchemaObject = {
  type: 'string',
  enum: [...CURRENCY_CODES],
  'x-issue': 'must be an ISO 4217 currency code',
  description: 'ISO 4217 code of a circulating currency, upper case.',
};

const amountSchema: SchemaObject = { type: 'number', minimum: 0, maximum: 1_000_000_000 };

function singleAmount(type: 'fixed' | 'hourly', description: string): SchemaObject {
  return {
    type: 'object',
    title: type,
    description,
    additionalProperties: false,
    required: ['type', 'currency', 'amount'],
    properties: { type: { type: 'string', const: type }, currency: currencyCodeSchema, amount: amountSchema },
  };
}

const rangePricingSchema: SchemaObject = {
  type: 'object',
  title: 'range',
  description: 'From minAmount to maxAmount; 0 <= minAmount <= maxAmount.',
  additionalProperties: false,
  required: ['type', 'currency', 'minAmount', 'maxAmount'],
  properties: {
    type: { type: 'string', const: 'range' },
    currency: currencyCodeSchema,
    minAmount: amountSchema,
    maxAmount: { ...amountSchema, 'x-minimumSibling': 'minAmount' },
  },
};

export const PRICING_TYPES = ['fixed', 'range', 'hourly'] as const;

export const pricingSchema: SchemaObject = {
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: [
    singleAmount('fixed', 'One price, amount >= 0.'),
    rangePricingSchema,
    singleAmount('hourly', 'Price per hour, amount >= 0.'),
  ],
  description:
    'Amounts in major units of `currency` (ISO 4217). fixed and hourly: amount >= 0. ' +
    'range: 0 <= minAmount <= maxAmount. No more decimals than the currency\'s minor unit: ' +
    'JPY, KRW and other zero-decimal currencies whole numbers, BHD, KWD and other three-decimal ones 3, ' +
    'every other currency 2 (USD 12.50 yes, 1.234 no); else VALIDATION_ERROR naming the amount.',
};

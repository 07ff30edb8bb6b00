// Service pricing (spec 2.3). `type` selects the shape: fixed and hourly carry one `amount`,
// range carries 0 <= minAmount <= maxAmount. Amounts are in major units of `currency`
// (12.5 = twelve and a half dollars); one billion is a generous ceiling that still catches typos.
import Type, { type Static } from 'typebox';
import { CURRENCY_CODES } from '../../domain/currencies';
import { stringEnum } from './stringEnum';

export const currencyCodeSchema = stringEnum(CURRENCY_CODES, { 'x-issue': 'must be an ISO 4217 currency code', description: 'ISO 4217 code of a circulating currency, upper case.' });

const AMOUNT = { minimum: 0, maximum: 1_000_000_000 };
const amountSchema = Type.Number(AMOUNT);

function singleAmount<Kind extends 'fixed' | 'hourly'>(type: Kind, description: string) {
  return Type.Object(
    { type: Type.Literal(type, { type: 'string' }), currency: currencyCodeSchema, amount: amountSchema },
    { title: type, description, additionalProperties: false },
  );
}

const rangePricingSchema = Type.Object(
  {
    type: Type.Literal('range', { type: 'string' }),
    currency: currencyCodeSchema,
    minAmount: amountSchema,
    maxAmount: Type.Number({ ...AMOUNT, 'x-minimumSibling': 'minAmount' }),
  },
  { title: 'range', description: 'From minAmount to maxAmount; 0 <= minAmount <= maxAmount.', additionalProperties: false },
);

export const PRICING_TYPES = ['fixed', 'range', 'hourly'] as const;

const pricingBranches = [singleAmount('fixed', 'One price, amount >= 0.'), rangePricingSchema, singleAmount('hourly', 'Price per hour, amount >= 0.')] as const;

export const pricingSchema = Type.Unsafe<Static<(typeof pricingBranches)[number]>>({
  type: 'object',
  required: ['type'],
  discriminator: { propertyName: 'type' },
  oneOf: [...pricingBranches],
  description:
    'Amounts in major units of `currency` (ISO 4217). fixed and hourly: amount >= 0. ' +
    'range: 0 <= minAmount <= maxAmount. No more decimals than the currency\'s minor unit: ' +
    'JPY, KRW and other zero-decimal currencies whole numbers, BHD, KWD and other three-decimal ones 3, ' +
    'every other currency 2 (USD 12.50 yes, 1.234 no); else VALIDATION_ERROR naming the amount.',
});

// POST /business/profile/{businessId}/verification (spec 2.6, 4.3).
import Type from 'typebox';
import { defaulted } from '../parts/defaulted';
import { httpsUrlSchema } from '../parts/httpsUrl';
import { stringEnum } from '../parts/stringEnum';

export const REQUESTED_LEVELS = ['basic', 'verified', 'premium', 'certified'] as const;

export const requestVerificationBodySchema = Type.Object(
  {
    level: stringEnum(REQUESTED_LEVELS, { description: 'basic < verified < premium < certified.' }),
    // Ten documents cover licence, insurance, ID and proof of address with room to spare.
    documents: defaulted(Type.Array(httpsUrlSchema, { maxItems: 10, uniqueItems: true, default: [] })),
  },
  { additionalProperties: false },
);

// POST /business/profile/{businessId}/verification (spec 2.6, 4.3).
import type { SchemaObject } from 'ajv';
import type { RequestedLevel } from '../../domain/verification';
import { httpsUrlSchema } from '../parts/httpsUrl';

export const REQUESTED_LEVELS = ['basic', 'verified', 'premium', 'certified'] as const;

export const requestVerificationBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['level'],
  properties: {
    level: { type: 'string', enum: [...REQUESTED_LEVELS], description: 'basic < verified < premium < certified.' },
    // Ten documents cover licence, insurance, ID and proof of address with room to spare.
    documents: { type: 'array', maxItems: 10, uniqueItems: true, items: httpsUrlSchema, default: [] },
  },
};

export interface RequestVerificationBody {
  level: RequestedLevel;
  documents: string[];
}

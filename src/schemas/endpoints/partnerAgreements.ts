// /admin/partner-agreements (issue 20): request schemas, also shown in the OpenAPI document.
import type { SchemaObject } from 'ajv';
import { AGREEMENT_STATUSES, PARTNER_AREAS } from '../../domain/partnerAgreement';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { calendarDateSchema } from '../parts/dates';
import { accountIdSchema } from '../parts/ids';
import { nullable } from '../parts/nullable';
import { text } from '../parts/text';

const areasSchema: SchemaObject = {
  type: 'array',
  minItems: 1,
  maxItems: PARTNER_AREAS.length,
  uniqueItems: true,
  items: { type: 'string', enum: [...PARTNER_AREAS] },
  description: 'partner_search: GET /api/v1/partners/search. event_ingestion: POST /analytics/events for any published business.',
};

const platformSchema: SchemaObject = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'The AI platform the partner is: a built-in name (chatgpt, claude, gemini, perplexity, copilot, meta_ai, other) or one registered at /admin/analytics-platforms.',
};

const dayDescription = (what: string) => ({ ...calendarDateSchema, description: `${what}, YYYY-MM-DD, a UTC day.` });

export const createPartnerAgreementBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['accountId', 'partnerName', 'platform', 'areas', 'startDate'],
  properties: {
    accountId: accountIdSchema,
    partnerName: text(200),
    platform: platformSchema,
    areas: areasSchema,
    startDate: dayDescription('First day in force'),
    endDate: dayDescription('Last day in force (inclusive); omit for an open-ended agreement'),
    status: { type: 'string', enum: ['active', 'suspended'], default: 'active' },
    note: text(2000, 1, 'multi'),
  },
};

export const updatePartnerAgreementBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    status: { type: 'string', enum: [...AGREEMENT_STATUSES], description: 'active <-> suspended; terminated is final.' },
    partnerName: text(200),
    platform: platformSchema,
    areas: areasSchema,
    startDate: dayDescription('First day in force'),
    endDate: nullable(dayDescription('Last day in force (inclusive); null makes the agreement open-ended')),
    note: nullable(text(2000, 1, 'multi')),
  },
};

export const listPartnerAgreementsQuerySchema: SchemaObject = (() => {
  const paging = cursorPageQuerySchema(100, 20);
  return {
    ...paging,
    properties: {
      ...paging.properties,
      accountId: accountIdSchema,
      status: { type: 'string', enum: [...AGREEMENT_STATUSES] },
    },
  };
})();

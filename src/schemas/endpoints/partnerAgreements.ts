// /admin/partner-agreements: request schemas, also shown in the OpenAPI document.
import Type from 'typebox';
import { AGREEMENT_STATUSES, PARTNER_AREAS } from '../../domain/partnerAgreement';
import { cursorPageQuerySchema } from '../parts/cursorPaging';
import { calendarDateSchema } from '../parts/dates';
import { defaulted } from '../parts/defaulted';
import { accountIdSchema } from '../parts/ids';
import { nullable } from '../parts/nullable';
import { stringEnum } from '../parts/stringEnum';
import { text } from '../parts/text';

const areasSchema = Type.Array(stringEnum(PARTNER_AREAS), {
  minItems: 1,
  maxItems: PARTNER_AREAS.length,
  uniqueItems: true,
  description: 'partner_search: GET /api/v1/partners/search. event_ingestion: POST /analytics/events for any published business.',
});

const platformSchema = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'The AI platform the partner is: a built-in name (chatgpt, claude, gemini, perplexity, copilot, meta_ai, other) or one registered at /admin/analytics-platforms.',
});

const dayDescription = (what: string) => ({ ...calendarDateSchema, description: `${what}, YYYY-MM-DD, a UTC day.` });

export const createPartnerAgreementBodySchema = Type.Object(
  {
    accountId: accountIdSchema,
    partnerName: text(200),
    platform: platformSchema,
    areas: areasSchema,
    startDate: dayDescription('First day in force'),
    endDate: Type.Optional(dayDescription('Last day in force (inclusive); omit for an open-ended agreement')),
    status: defaulted(stringEnum(['active', 'suspended'], { default: 'active' })),
    note: Type.Optional(text(2000, 1, 'multi')),
  },
  { additionalProperties: false },
);

export const updatePartnerAgreementBodySchema = Type.Object(
  {
    status: Type.Optional(stringEnum(AGREEMENT_STATUSES, { description: 'active <-> suspended; terminated is final.' })),
    partnerName: Type.Optional(text(200)),
    platform: Type.Optional(platformSchema),
    areas: Type.Optional(areasSchema),
    startDate: Type.Optional(dayDescription('First day in force')),
    endDate: Type.Optional(nullable(dayDescription('Last day in force (inclusive); null makes the agreement open-ended'))),
    note: Type.Optional(nullable(text(2000, 1, 'multi'))),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const listPartnerAgreementsQuerySchema = Type.Object(
  { ...cursorPageQuerySchema(100, 20).properties, accountId: Type.Optional(accountIdSchema), status: Type.Optional(stringEnum(AGREEMENT_STATUSES)) },
  { additionalProperties: false },
);

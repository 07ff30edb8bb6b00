// Partnership agreements (spec 5.7): admins record which accounts are partners, for
// what and until when; partner search and partner event reports check them on every request.
import { ADMIN } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { listPartnerAgreementsQuerySchema } from '../schemas/endpoints/partnerAgreements';
import { operation } from './declare';

const tag = 'Admin';
const RULES =
  'An account is a partner while one of its agreements is in force: status active and today (UTC) between startDate and ' +
  'endDate (inclusive; no endDate: open-ended). Partner search needs one covering partner_search, event reports for ' +
  'businesses the caller does not own need event_ingestion; otherwise 403 FORBIDDEN says why (details.reason no_agreement, ' +
  'suspended, scheduled, expired, terminated or area_not_covered). The check reads the agreements on every request.';


export const createPartnerAgreement = operation({
  name: 'createPartnerAgreement',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { body: requestSchema('CreatePartnerAgreementRequest') },
  output: responseSchema('PartnerAgreement'),
  errors: [],
  http: { method: 'POST', path: '/admin/partner-agreements', status: 201 },
  docs: {
    tag,
    summary: 'Make an account a partner: record a partnership agreement',
    description: `${RULES} An unknown accountId or platform is 400 VALIDATION_ERROR naming it; endDate before startDate too. Also \`npm run partner:agreement\`.`,
    successDescription: 'The agreement, with its state today.',
    successHeaders: { Location: 'Location' },
  },
  run: async ({ partnerAgreements }, { input }) => {
    const agreement = await partnerAgreements.create(input.body);
    return { data: agreement, headers: { Location: `/v1/admin/partner-agreements/${agreement.id}` } };
  },
});

export const listPartnerAgreements = operation({
  name: 'listPartnerAgreements',
  access: ADMIN,
  rateLimit: 'general',
  input: { query: listPartnerAgreementsQuerySchema },
  output: responseSchema('PartnerAgreementList'),
  errors: [],
  http: { method: 'GET', path: '/admin/partner-agreements' },
  docs: {
    tag,
    summary: 'Partnership agreements, oldest first, filtered by account or status',
    description: 'Cursor pagination: pass pagination.nextCursor as cursor until hasMore is false.',
    successDescription: 'One page of agreements.',
  },
  run: async ({ partnerAgreements }, { input }) => ({ data: await partnerAgreements.list(input.query) }),
});

export const getPartnerAgreement = operation({
  name: 'getPartnerAgreement',
  access: ADMIN,
  rateLimit: 'general',
  input: { path: ['agreementId'] },
  output: responseSchema('PartnerAgreement'),
  errors: ['PARTNER_AGREEMENT_NOT_FOUND'],
  http: { method: 'GET', path: '/admin/partner-agreements/{agreementId}' },
  docs: {
    tag,
    summary: 'One partnership agreement, with its state today',
    successDescription: 'The agreement.',
  },
  run: async ({ partnerAgreements }, { input }) => ({ data: await partnerAgreements.get(input.path.agreementId) }),
});

export const updatePartnerAgreement = operation({
  name: 'updatePartnerAgreement',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['agreementId'], body: requestSchema('UpdatePartnerAgreementRequest') },
  output: responseSchema('PartnerAgreement'),
  errors: ['PARTNER_AGREEMENT_NOT_FOUND', 'PARTNER_AGREEMENT_TERMINATED'],
  http: { method: 'PATCH', path: '/admin/partner-agreements/{agreementId}' },
  docs: {
    tag,
    summary: 'Suspend, resume, terminate or change the dates, areas or platform of an agreement',
    description:
      'status: active <-> suspended; terminated is final (a later change is 409 PARTNER_AGREEMENT_TERMINATED: record a new ' +
      'agreement). endDate null makes it open-ended. Takes effect on the partner\'s next request.',
    successDescription: 'The agreement.',
  },
  run: async ({ partnerAgreements }, { input }) => ({ data: await partnerAgreements.update(input.path.agreementId, input.body) }),
});

export const PARTNER_AGREEMENT_OPERATIONS = [createPartnerAgreement, listPartnerAgreements, getPartnerAgreement, updatePartnerAgreement];

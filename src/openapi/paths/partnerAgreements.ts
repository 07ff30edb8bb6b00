// /admin/partner-agreements (spec 5.7, issue 20).
import { listPartnerAgreementsQuerySchema } from '../../schemas/endpoints/partnerAgreements';
import { ref } from '../components';
import { operation } from '../operation';

const tag = 'Admin';
const RULES =
  'An account is a partner while one of its agreements is in force: status active and today (UTC) between startDate and ' +
  'endDate (inclusive; no endDate: open-ended). Partner search needs one covering partner_search, event reports for ' +
  'businesses the caller does not own need event_ingestion; otherwise 403 FORBIDDEN says why (details.reason no_agreement, ' +
  'suspended, scheduled, expired, terminated or area_not_covered). The check reads the agreements on every request.';

export function partnerAgreementPaths() {
  return {
    '/admin/partner-agreements': {
      post: operation({
        operationId: 'createPartnerAgreement',
        tag,
        summary: 'Make an account a partner: record a partnership agreement',
        description: `${RULES} An unknown accountId or platform is 400 VALIDATION_ERROR naming it; endDate before startDate too. Also \`npm run partner:agreement\`.`,
        access: 'admin',
        body: 'CreatePartnerAgreementRequest',
        success: { status: 201, description: 'The agreement, with its state today.', data: 'PartnerAgreement', headers: { Location: ref('headers', 'Location') } },
      }),
      get: operation({
        operationId: 'listPartnerAgreements',
        tag,
        summary: 'Partnership agreements, oldest first, filtered by account or status',
        description: 'Cursor pagination: pass pagination.nextCursor as cursor until hasMore is false.',
        access: 'admin',
        query: listPartnerAgreementsQuerySchema,
        success: { status: 200, description: 'One page of agreements.', data: 'PartnerAgreementList' },
      }),
    },
    '/admin/partner-agreements/{agreementId}': {
      get: operation({
        operationId: 'getPartnerAgreement',
        tag,
        summary: 'One partnership agreement, with its state today',
        access: 'admin',
        parameters: ['AgreementId'],
        success: { status: 200, description: 'The agreement.', data: 'PartnerAgreement' },
        errors: [404],
      }),
      patch: operation({
        operationId: 'updatePartnerAgreement',
        tag,
        summary: 'Suspend, resume, terminate or change the dates, areas or platform of an agreement',
        description:
          'status: active <-> suspended; terminated is final (a later change is 409 PARTNER_AGREEMENT_TERMINATED: record a new ' +
          'agreement). endDate null makes it open-ended. Takes effect on the partner\'s next request.',
        access: 'admin',
        parameters: ['AgreementId'],
        body: 'UpdatePartnerAgreementRequest',
        success: { status: 200, description: 'The agreement.', data: 'PartnerAgreement' },
        errors: [404, 409],
      }),
    },
  };
}

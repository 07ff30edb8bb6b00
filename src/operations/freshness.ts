// How fresh a profile's information is (docs/visibility.md, freshness signals): the owner confirms
// it is still correct; anyone reports a business closed or its information wrong, and the owner
// reads and answers the reports. The operating status itself is a field of PATCH
// /business/profile/{businessId}; the confirmation's age and the open reports are in the profile status.
import { PUBLIC, scope } from '../core/operation';
import { INFORMATION_REPORTS_PER_DAY } from '../domain/freshness/informationReport';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { informationReportListQuerySchema } from '../schemas/endpoints/informationReports';
import { ifMatchOf, revised } from './conditionalWrites';
import { operation } from './declare';
import { IF_MATCH_NOTE } from './profiles';

export const confirmProfileInformation = operation({
  name: 'confirmProfileInformation',
  access: scope('write:businesses'),
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('InformationConfirmed'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'POST', path: '/business/profile/{businessId}/confirm' },
  docs: {
    tag: 'Business profiles',
    summary: 'Confirm the profile\'s information is still correct',
    description:
      'Sets lastVerifiedAt to now (lastVerifiedBy owner): the profile, its public page (JSON-LD and Markdown) and search answers ' +
      'show when its information was last confirmed, and the profile status stops recommending a confirmation until ' +
      'CONFIRM_INFORMATION_AFTER_DAYS have passed again. An admin\'s approval of a verification request counts as a ' +
      'confirmation too (lastVerifiedBy verification). Sends profile.updated. ' +
      IF_MATCH_NOTE,
    parameters: ['IfMatch'],
    successDescription: 'When the information was confirmed.',
    successHeaders: { ETag: 'ETag' },
  },
  run: async ({ profiles }, { principal, input, request }) => revised(await profiles.confirm(principal, input.path.businessId, ifMatchOf(request))),
});

const reportsPath = '/business/profile/{businessId}/information-reports';

export const reportBusinessInformation = operation({
  name: 'reportBusinessInformation',
  access: PUBLIC,
  rateLimit: 'general',
  // One open report per reporter, business and kind is the operation's own rule: a repeat answers the first.
  idempotent: false,
  input: { path: ['businessId'], body: requestSchema('InformationReportRequest') },
  output: responseSchema('InformationReport'),
  errors: ['PROFILE_NOT_FOUND', 'RATE_LIMITED'],
  http: { method: 'POST', path: reportsPath, status: 201 },
  docs: {
    tag: 'Business profiles',
    summary: 'Report a business closed, or its information wrong (anyone)',
    description:
      'No credential is needed (its public page links here); with one, the report is of that credential\'s environment and counted per account, ' +
      'without, it is about a live business and counted per client address (kept only as a keyed hash). The business must be published ' +
      '(else 404 PROFILE_NOT_FOUND). The owner reads the report (GET ' + reportsPath + ') and answers it; the owner is never told who reported. ' +
      'One open report per reporter, business and kind: sending it again answers 200 with the first report, unchanged. ' +
      `A reporter makes at most ${INFORMATION_REPORTS_PER_DAY} reports in any 24 hours; over that, 429 RATE_LIMITED with Retry-After.`,
    successDescription: 'The report.',
    // The repeat's answer: the reporter's open report of the same kind, 200.
    refine: (operation) => {
      const responses = operation.responses as Record<string, Record<string, unknown>>;
      return { ...operation, responses: { '200': { ...responses['201'], description: "The reporter's open report of the same kind about this business, unchanged." }, ...responses } };
    },
  },
  run: async ({ informationReports }, { principal, input, request }) => {
    const { report, created } = await informationReports.report(principal, request.address, input.path.businessId, input.body);
    return { data: report, status: created ? 201 : 200 };
  },
});

export const listInformationReports = operation({
  name: 'listInformationReports',
  access: scope('read:businesses'),
  rateLimit: 'general',
  input: { path: ['businessId'], query: informationReportListQuerySchema },
  output: responseSchema('InformationReportList'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: reportsPath },
  docs: {
    tag: 'Business profiles',
    summary: 'Reports that the business closed or that its information is wrong',
    description:
      'The owner\'s (or an admin\'s) view, without who reported; `status` filters (open, fixed, dismissed). The profile status counts the open ones ' +
      '(freshness.openReports). Oldest first; cursor pagination: pass pagination.nextCursor as cursor until hasMore is false.',
    successDescription: 'One page of reports.',
  },
  run: async ({ informationReports }, { principal, input }) => ({ data: await informationReports.list(principal, input.path.businessId, input.query) }),
});

export const answerInformationReport = operation({
  name: 'answerInformationReport',
  access: scope('write:businesses'),
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId', 'reportId'], body: requestSchema('InformationReportAnswerRequest') },
  output: responseSchema('InformationReport'),
  errors: ['PROFILE_NOT_FOUND', 'REPORT_NOT_FOUND'],
  http: { method: 'POST', path: `${reportsPath}/{reportId}/answer` },
  docs: {
    tag: 'Business profiles',
    summary: 'Answer a report: fixed or dismissed',
    description:
      '`fixed` says the profile now tells the truth (change it first: PATCH operatingStatus, hours, contact...); `dismissed` says it already did. ' +
      'Answering again replaces the earlier answer. Once answered, the report no longer stops its reporter from reporting again.',
    successDescription: 'The answered report.',
  },
  run: async ({ informationReports }, { principal, input }) => ({
    data: await informationReports.answer(principal, input.path.businessId, input.path.reportId, input.body),
  }),
});

export const FRESHNESS_OPERATIONS = [confirmProfileInformation, reportBusinessInformation, listInformationReports, answerInformationReport];

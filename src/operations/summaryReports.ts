// Reports of wrong consumer-search summaries: the report link every consumer search
// answer carries (summaryDisclosure.reportUrl), the owner's list per business and the admins' list.
import { ADMIN, scope } from '../core/operation';
import { SUMMARY_REPORTS_PER_DAY } from '../domain/summaries/summaryReport';
import { responseSchema, requestSchema } from '../schemas/catalogue';
import { summaryReportListQuerySchema } from '../schemas/endpoints/summaryReports';
import { operation } from './declare';

// The credential that searched reports what it was answered: reporting changes no business, so
// it takes the search's own scope. Owners read the reports naming their businesses.
const readBusinesses = scope('read:businesses');
const PAGING = 'Oldest first; cursor pagination: pass pagination.nextCursor as cursor until hasMore is false.';

export const reportSummary = operation({
  name: 'reportSummary',
  access: readBusinesses,
  rateLimit: 'general',
  // One report per caller per answer is the operation's own rule: a repeat answers the first report.
  idempotent: false,
  input: { path: ['summaryId'], body: requestSchema('SummaryReportRequest') },
  output: responseSchema('SummaryReport'),
  errors: ['SUMMARY_NOT_FOUND', 'RATE_LIMITED'],
  http: { method: 'POST', path: '/summaries/{summaryId}/reports', status: 201 },
  docs: {
    tag: 'Search',
    summary: 'Report a consumer search summary as wrong',
    description:
      'The path is the `summaryDisclosure.reportUrl` of a consumer search answer (REST, MCP search_businesses, GraphQL search): a ' +
      'signed token naming that answer (its request id), the businesses its summary named and where the summary came from. Send it ' +
      "with a credential of the answer's environment (a sandbox answer with a sandbox key). The report is kept for the owners of the " +
      'businesses the summary named (GET /business/profile/{businessId}/summary-reports) and for admins (GET /admin/summary-reports); ' +
      'owners are not told who reported. One report per caller per answer: sending it again answers 200 with the first report, unchanged. ' +
      `A caller makes at most ${SUMMARY_REPORTS_PER_DAY} reports in any 24 hours; over that, 429 RATE_LIMITED with Retry-After. ` +
      'A link this service did not issue, or of the other environment, is 404 SUMMARY_NOT_FOUND.',
    successDescription: 'The report.',
    // The repeat's answer: the caller's earlier report of the same answer, 200.
    refine: (operation) => {
      const responses = operation.responses as Record<string, Record<string, unknown>>;
      return { ...operation, responses: { '200': { ...responses['201'], description: "The caller's earlier report of the same answer, unchanged." }, ...responses } };
    },
  },
  run: async ({ summaryReports }, { principal, input }) => {
    const { report, created } = await summaryReports.report(principal, input.path.summaryId, input.body);
    return { data: report, status: created ? 201 : 200 };
  },
});

export const listBusinessSummaryReports = operation({
  name: 'listBusinessSummaryReports',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'], query: summaryReportListQuerySchema },
  output: responseSchema('SummaryReportList'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/summary-reports' },
  docs: {
    tag: 'Business profiles',
    summary: 'Reports of search summaries that named this business',
    description: `The owner's (or an admin's) view of what callers reported about summaries naming the business, without who reported. ${PAGING}`,
    successDescription: 'One page of reports.',
  },
  run: async ({ summaryReports }, { principal, input }) => ({ data: await summaryReports.listForBusiness(principal, input.path.businessId, input.query) }),
});

export const listSummaryReports = operation({
  name: 'listSummaryReports',
  access: ADMIN,
  rateLimit: 'general',
  input: { query: summaryReportListQuerySchema },
  output: responseSchema('SummaryReportList'),
  errors: [],
  http: { method: 'GET', path: '/admin/summary-reports' },
  docs: {
    tag: 'Admin',
    summary: "Every report of a search summary in the caller's environment",
    description: `With the reporting account. ${PAGING}`,
    successDescription: 'One page of reports.',
  },
  run: async ({ summaryReports }, { principal, input }) => ({ data: await summaryReports.listAll(principal, input.query) }),
});

export const SUMMARY_REPORT_OPERATIONS = [reportSummary, listBusinessSummaryReports, listSummaryReports];

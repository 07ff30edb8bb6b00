// The disclosure every consumer-search answer carries beside its summary: who wrote it
// (the fixed template, or which language model) and when, and a link to report it. The link holds
// a signed token naming the answer (summaryReportToken.ts), so nothing is stored when a search
// answers; POST /v1/summaries/{token}/reports reads it back.
import { citedBusinessIds, type AnsweredBusiness } from '../../domain/analytics/answerEvents';
import type { Environment } from '../../domain/profile';
import { disclosureText, type SummaryProvenance } from '../../domain/summaries/summaryProvenance';
import {
  MAX_NAMED_BUSINESSES,
  type ReportedAnswer,
  signReportedAnswer,
  summaryHash,
  summaryTokenKey,
  verifyReportedAnswer,
} from '../../domain/summaries/summaryReportToken';

export const SUMMARY_REPORT_PATH = (token: string) => `/v1/summaries/${token}/reports`;

export interface SummaryDisclosure extends SummaryProvenance {
  /** The sentence to show beside the summary. */
  text: string;
  /** POST here (the same credential) to report the summary as wrong. */
  reportUrl: string;
}

/** Where an answer goes out from, on any transport: the public scheme://host[:port] of the API
 *  (PUBLIC_URL, else the request's) and the answer's request id (X-Request-ID). */
export interface AnswerOrigin {
  origin: string;
  requestId: string;
}

export interface DisclosedAnswer extends AnswerOrigin {
  environment: Environment;
  /** The summary as answered (spelling note included). */
  summary: string;
  provenance: SummaryProvenance;
  /** The businesses of the answer, in its order. */
  businesses: readonly AnsweredBusiness[];
}

export function createSummaryDisclosures(deps: { secret: string }) {
  const key = summaryTokenKey(deps.secret);
  return {
    disclose(answer: DisclosedAnswer): SummaryDisclosure {
      const named = citedBusinessIds(answer.summary, answer.businesses);
      const token = signReportedAnswer(key, {
        requestId: answer.requestId,
        environment: answer.environment,
        businessIds: answer.businesses.filter((business) => named.has(business.id)).map((business) => business.id).slice(0, MAX_NAMED_BUSINESSES),
        ...answer.provenance,
        textHash: summaryHash(answer.summary),
      });
      return { text: disclosureText(answer.provenance), ...answer.provenance, reportUrl: `${answer.origin.replace(/\/+$/, '')}${SUMMARY_REPORT_PATH(token)}` };
    },

    /** The answer a report link's token names, or null for a token this service did not sign. */
    answerOf(token: string): ReportedAnswer | null {
      return verifyReportedAnswer(key, token);
    },
  };
}

export type SummaryDisclosures = ReturnType<typeof createSummaryDisclosures>;

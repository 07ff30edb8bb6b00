// The token in a summary's report link, POST /v1/summaries/{token}/reports: which answer
// (request id, environment), which businesses its summary named, where the summary came from and a
// hash of its text, signed so nobody can make one up or change one. Nothing is stored when a search
// answers: the link carries what a report needs, and a report proves which summary it is about.
//
// Form: a signed token (../signedToken.ts) whose payload is JSON, with a key of its own derived from
// the service's secret.
import { createHash } from 'node:crypto';
import { openToken, signToken, tokenKey, type TokenKey } from '../signedToken';
import type { Environment } from '../profile';
import { SUMMARY_GENERATORS, type SummaryProvenance } from './summaryProvenance';

export interface ReportedAnswer extends SummaryProvenance {
  requestId: string;
  environment: Environment;
  /** The businesses the summary named (at most MAX_NAMED_BUSINESSES). */
  businessIds: string[];
  /** summaryHash(the summary text as answered). */
  textHash: string;
}

const VERSION = 1;
/** A summary names a few picks; more would only lengthen the link. */
export const MAX_NAMED_BUSINESSES = 10;
/** Far above any token this code issues (ten ids, a request id, a model name). */
export const MAX_SUMMARY_TOKEN_LENGTH = 1200;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const BUSINESS_ID = /^biz_[A-Za-z0-9]{6,40}$/;

export function summaryTokenKey(secret: string): TokenKey {
  return tokenKey(secret, 'summary-report-v1');
}

/** 16 bytes of SHA-256 of the text, base64url: enough to tell the summary answered from another. */
export function summaryHash(text: string): string {
  return createHash('sha256').update(text).digest().subarray(0, 16).toString('base64url');
}

export function signReportedAnswer(key: TokenKey, answer: ReportedAnswer): string {
  const payload = JSON.stringify({
    v: VERSION,
    r: answer.requestId,
    e: answer.environment === 'test' ? 't' : 'l',
    b: answer.businessIds.slice(0, MAX_NAMED_BUSINESSES),
    g: answer.generatedBy,
    ...(answer.model !== undefined && { m: answer.model }),
    t: answer.generatedAt,
    h: answer.textHash,
  });
  return signToken(key, payload);
}

/** The answer a token names, or null for anything this service did not sign. */
export function verifyReportedAnswer(key: TokenKey, token: string): ReportedAnswer | null {
  const payload = openToken(key, token, MAX_SUMMARY_TOKEN_LENGTH);
  if (payload === null) return null;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(payload) as Record<string, unknown>;
  } catch {
    return null;
  }
  const { v, r, e, b, g, m, t, h } = fields;
  if (v !== VERSION || typeof r !== 'string' || !REQUEST_ID.test(r) || (e !== 't' && e !== 'l')) return null;
  if (!Array.isArray(b) || b.length > MAX_NAMED_BUSINESSES || !b.every((id) => typeof id === 'string' && BUSINESS_ID.test(id))) return null;
  if (!SUMMARY_GENERATORS.includes(g as never) || (m !== undefined && typeof m !== 'string') || typeof t !== 'string' || typeof h !== 'string') return null;
  return {
    requestId: r,
    environment: e === 't' ? 'test' : 'live',
    businessIds: b as string[],
    generatedBy: g as ReportedAnswer['generatedBy'],
    ...(typeof m === 'string' && { model: m }),
    generatedAt: t,
    textHash: h,
  };
}

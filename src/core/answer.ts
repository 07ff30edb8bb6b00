// The answer of one call, before any transport writes it: a status, headers worth sending, and
// the body in the spec's envelope (spec 2.1: { success, data | error, meta }). REST writes it as it
// is; GraphQL and MCP take `data`, or `error` as their own kind of error. One error model: every
// refusal is a DomainError with its code, status and details; anything else is a 500 whose
// message and stack go to the log only (koa's `expose` rule).
import { DomainError, type ErrorDetails } from '../domain/errors';
import type { Logger } from '../logger';
import { OverRateLimitError, rateLimitHeaders } from './rateLimitCheck';

export interface Meta {
  timestamp: string;
  requestId: string;
}

export interface ErrorBody {
  code: string;
  message: string;
  details?: ErrorDetails;
}

export type Envelope = { success: true; data: unknown; meta: Meta } | { success: false; error: ErrorBody; meta: Meta };

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The envelope, the bare data of an operation that answers without one, or nothing (304, 204). */
  body?: unknown;
  /** Where a redirect sends the caller (REST: Location). */
  redirectTo?: string;
  /** The operation's `detail` for a transport's view (never written to the wire, never replayed). */
  detail?: unknown;
}

export function metaOf(requestId: string, now = new Date()): Meta {
  return { timestamp: now.toISOString(), requestId };
}

export function successEnvelope(data: unknown, meta: Meta): Envelope {
  return { success: true, data, meta };
}

export function errorEnvelope(error: ErrorBody, meta: Meta): Envelope {
  return { success: false, error: error.details ? { code: error.code, message: error.message, details: error.details } : { code: error.code, message: error.message }, meta };
}

/** The headers a refusal carries: when to retry, how to authenticate, the limit it hit. */
export function errorHeaders(error: DomainError): Record<string, string> {
  return {
    ...(error.retryAfterSeconds !== undefined ? { 'Retry-After': String(error.retryAfterSeconds) } : {}),
    ...(error instanceof OverRateLimitError ? rateLimitHeaders(error.decision) : {}),
    ...(error.challenge ? { 'WWW-Authenticate': error.challenge } : {}),
  };
}

/** Any thrown value as an answer: a domain error as itself, anything else as a logged 500. */
export function errorAnswer(error: unknown, meta: Meta, logger: Pick<Logger, 'error'>): Answer {
  if (error instanceof DomainError) {
    return { status: error.status, headers: errorHeaders(error), body: errorEnvelope({ code: error.code, message: error.message, details: error.details }, meta) };
  }
  logger.error({ err: error, requestId: meta.requestId }, 'unhandled error');
  return { status: 500, headers: {}, body: errorEnvelope({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' }, meta) };
}

/** The error part of an answer (GraphQL extensions, MCP tool errors); undefined for a success. */
export function errorOf(answer: Answer): ErrorBody | undefined {
  const body = answer.body as Partial<Extract<Envelope, { success: false }>> | undefined;
  return answer.status >= 400 && body && body.success === false ? body.error : undefined;
}

/** A refusal or failure an answer carries, as the error other transports raise in their own form. */
export class AnsweredError extends DomainError {
  constructor(readonly code: string, readonly status: number, message: string, details: ErrorDetails | undefined, headers: Record<string, string>) {
    super(message, details);
    const retryAfter = Number(headers['Retry-After']);
    if (Number.isFinite(retryAfter) && headers['Retry-After'] !== undefined) this.retryAfterSeconds = retryAfter;
    if (headers['WWW-Authenticate']) this.challenge = headers['WWW-Authenticate'];
  }
}

/** The error of an answer as a DomainError (already logged by invoke when it was a 500); undefined for a success. */
export function refusalOf(answer: Answer): AnsweredError | undefined {
  const error = errorOf(answer);
  return error ? new AnsweredError(error.code, answer.status, error.message, error.details, answer.headers) : undefined;
}

/** The data of a success answer, inside its envelope or bare. */
export function dataOf(answer: Answer): unknown {
  const body = answer.body as { success?: boolean; data?: unknown } | undefined;
  return body && typeof body === 'object' && body.success === true && 'meta' in body ? body.data : body;
}

// The answer of one call, before any transport writes it: a status, headers worth sending, and
// the body in the spec's envelope (spec 2.1: { success, data | error, meta }). REST writes it as it
// is; GraphQL and MCP take `data`, or `error` as their own kind of error (core/wire.ts).
import type { AnyErrorCode } from '../domain/errorCodes';
import { DomainError, type ErrorDetails } from '../domain/errors';

export interface Meta {
  timestamp: string;
  requestId: string;
}

export interface ErrorBody {
  code: AnyErrorCode;
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

/** The error part of an answer (GraphQL extensions, MCP tool errors); undefined for a success. */
export function errorOf(answer: Answer): ErrorBody | undefined {
  const body = answer.body as Partial<Extract<Envelope, { success: false }>> | undefined;
  return answer.status >= 400 && body && body.success === false ? body.error : undefined;
}

/** A refusal or failure an answer carries, as the error other transports raise in their own form. */
export class AnsweredError extends DomainError {
  constructor(readonly code: AnyErrorCode, message: string, details: ErrorDetails | undefined, headers: Partial<Record<string, string>>) {
    super(message, details);
    const retryAfter = Number(headers['Retry-After']);
    if (Number.isFinite(retryAfter) && headers['Retry-After'] !== undefined) this.retryAfterSeconds = retryAfter;
    if (headers['WWW-Authenticate']) this.challenge = headers['WWW-Authenticate'];
  }
}

/** The error of an answer as a DomainError (already logged by invoke when it was a 500); undefined for a success. */
export function refusalOf(answer: Answer): AnsweredError | undefined {
  const error = errorOf(answer);
  return error ? new AnsweredError(error.code, error.message, error.details, answer.headers) : undefined;
}

/** The data of a success answer, inside its envelope or bare. */
export function dataOf(answer: Answer): unknown {
  const body = answer.body as { success?: boolean; data?: unknown } | undefined;
  return body && typeof body === 'object' && body.success === true && 'meta' in body ? body.data : body;
}

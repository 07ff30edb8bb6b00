// A refusal as each transport sends it, from one place: the code's row in the error table
// (domain/errorCodes.ts) gives the status and names the headers; the error gives their values
// and the body's message and details. Anything that is not a DomainError is INTERNAL_ERROR, its
// message and stack for the log only (koa's `expose` rule).
//   rest, page  -> an Answer: status, headers, the spec's error envelope
//   graphql     -> a GraphQL error's message and extensions (code, details; status and headers for a 429)
//   mcp         -> a tool result with isError and the same { error } body as text
import { DomainError, type ErrorDetails } from '../domain/errors';
import { errorCodeInfo, type AnyErrorCode, type ErrorHeader } from '../domain/errorCodes';
import type { Logger } from '../logger';
import { errorEnvelope, type Answer, type ErrorBody, type Meta } from './answer';
import { rateLimitHeaders } from './rateLimitCheck';
import type { RateLimitDecision } from '../ports/rateLimiter';

/** What a refusal's headers are made of; a rate-limit refusal also reports the limit it hit. */
type Refusal = DomainError & { decision?: RateLimitDecision };

const NONE: Record<string, string> = {};
const HEADER_VALUES: Record<ErrorHeader, (error: Refusal) => Record<string, string>> = {
  'Retry-After': (error) => (error.retryAfterSeconds === undefined ? NONE : { 'Retry-After': String(error.retryAfterSeconds) }),
  'WWW-Authenticate': (error) => (error.challenge ? { 'WWW-Authenticate': error.challenge } : NONE),
  'X-RateLimit': ({ decision }) => (decision ? rateLimitHeaders(decision) : NONE),
};

/** The headers a refusal carries: those its code's row names, with the values the error holds. */
export function errorHeaders(error: DomainError): Record<string, string> {
  return Object.assign({}, ...(errorCodeInfo(error.code).headers ?? []).map((header) => HEADER_VALUES[header](error)));
}

/** A thrown value as a domain error: itself, or INTERNAL_ERROR (the caller logs the original). */
export function asDomainError(error: unknown): DomainError {
  return error instanceof DomainError ? error : new InternalError();
}

class InternalError extends DomainError {
  readonly code = 'INTERNAL_ERROR';
  constructor() {
    super('An unexpected error occurred');
  }
}

export interface GraphqlWireError {
  message: string;
  extensions: { code: AnyErrorCode; details?: ErrorDetails; http?: { status: number; headers: Record<string, string> } };
}

/** A type, not an interface: the MCP SDK's result type has an index signature an interface cannot meet. */
export type McpWireError = {
  isError: true;
  content: Array<{ type: 'text'; text: string }>;
};

/** A refusal or failure in the form of a transport (REST and the OAuth pages share the envelope answer). */
export function toWire(error: unknown, transport: 'rest' | 'page', meta: Meta): Answer;
export function toWire(error: unknown, transport: 'graphql'): GraphqlWireError;
export function toWire(error: unknown, transport: 'mcp'): McpWireError;
export function toWire(thrown: unknown, transport: 'rest' | 'page' | 'graphql' | 'mcp', meta?: Meta): Answer | GraphqlWireError | McpWireError {
  const error = asDomainError(thrown);
  const body: ErrorBody = { code: error.code, message: error.message, ...(error.details && { details: error.details }) };
  switch (transport) {
    case 'rest':
    case 'page':
      return { status: error.status, headers: errorHeaders(error), body: errorEnvelope(body, meta!) };
    case 'graphql':
      // A rate limit stops the whole request: 429 with its headers, as in REST; other refusals are one field's.
      return {
        message: error.message,
        extensions: { code: error.code, ...(error.details && { details: error.details }), ...(error.status === 429 && { http: { status: 429, headers: errorHeaders(error) } }) },
      };
    case 'mcp':
      return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: body }) }] };
  }
}

/** Any thrown value as a REST answer; an unexpected one is logged first, with the request id. */
export function errorAnswer(error: unknown, meta: Meta, logger: Pick<Logger, 'error'>): Answer {
  if (!(error instanceof DomainError)) logger.error({ err: error, requestId: meta.requestId }, 'unhandled error');
  return toWire(error, 'rest', meta);
}

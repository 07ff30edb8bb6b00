import type { DomainError } from '../domain/errors';

/** A domain error's code and details as a GraphQL error's extensions, before Yoga and inside it. */
export function domainExtensions(error: DomainError): Record<string, unknown> {
  return { code: error.code, ...(error.details && { details: error.details }) };
}

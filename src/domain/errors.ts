// Domain errors. Adapters and services throw these; http/errorHandler.ts maps them to
// the spec's codes and statuses. Anything else is an unexpected 500 whose message never
// reaches the client.

export interface ErrorDetails {
  field?: string;
  issue?: string;
  [key: string]: unknown;
}

export abstract class DomainError extends Error {
  abstract readonly code: string;
  abstract readonly status: number;
  /** Safe to show to the client (koa's `expose`). */
  readonly expose = true;
  /** An authentication challenge (RFC 9110 11.6.1) sent with the refusal as WWW-Authenticate. */
  challenge?: string;
  /** When a retry may succeed (429, a key still in use), sent as Retry-After. */
  retryAfterSeconds?: number;
  constructor(message: string, readonly details?: ErrorDetails) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  readonly status = 400;
  constructor(field: string, issue: string, message?: string) {
    super(message ?? `${field}: ${issue}`, { field, issue });
  }
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  readonly status = 401;
  constructor(message: string, challenge = 'Bearer') {
    super(message);
    this.challenge = challenge;
  }
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
  readonly status = 403;
}

export class NotFoundError extends DomainError {
  readonly code: string;
  readonly status = 404;
  constructor(message: string, code = 'NOT_FOUND') {
    super(message);
    this.code = code;
  }
}

export class ProfileNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(`Business profile ${id} does not exist`, 'PROFILE_NOT_FOUND');
  }
}

/** A uniqueness rule was broken; `code` says which (DUPLICATE_PROFILE, DUPLICATE_EMAIL, VERIFICATION_PENDING...). */
export class ConflictError extends DomainError {
  readonly status = 409;
  constructor(readonly code: string, message: string, details?: ErrorDetails) {
    super(message, details);
  }
}

/** If-Match did not match, or a concurrent writer won the compare-and-swap. */
export class PreconditionFailedError extends DomainError {
  readonly code = 'PRECONDITION_FAILED';
  readonly status = 412;
}

export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
  readonly status = 413;
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
  readonly status = 415;
}

/** 422: the request was understood but the file could not be stored or is not an accepted format. */
export class MediaUploadFailedError extends DomainError {
  readonly code = 'MEDIA_UPLOAD_FAILED';
  readonly status = 422;
}

export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  readonly status = 429;
  declare retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A backend did not answer; 503, retryable. */
export class UnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
  readonly status = 503;
}

// Domain errors. Adapters and services throw these with a code of the error table
// (domain/errorCodes.ts), which gives the status; core/wire.ts turns one into each transport's
// answer. Anything else is an unexpected 500 whose message never reaches the client.
import { errorCodeInfo, type AnyErrorCode, type CodeWithStatus, type ErrorCode } from './errorCodes';

export interface ErrorDetails {
  field?: string;
  issue?: string;
  [key: string]: unknown;
}

export abstract class DomainError extends Error {
  abstract readonly code: AnyErrorCode;
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

  /** The HTTP status of the code (its row in the error table). */
  get status(): number {
    return errorCodeInfo(this.code).status;
  }
}

export class ValidationError extends DomainError {
  readonly code = 'VALIDATION_ERROR';
  constructor(field: string, issue: string, message?: string) {
    super(message ?? `${field}: ${issue}`, { field, issue });
  }
}

export class UnauthorizedError extends DomainError {
  readonly code = 'UNAUTHORIZED';
  constructor(message: string, challenge = 'Bearer') {
    super(message);
    this.challenge = challenge;
  }
}

export class ForbiddenError extends DomainError {
  readonly code = 'FORBIDDEN';
}

export class NotFoundError extends DomainError {
  readonly code: CodeWithStatus<404>;
  constructor(message: string, code: CodeWithStatus<404> = 'NOT_FOUND') {
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
  constructor(readonly code: CodeWithStatus<409>, message: string, details?: ErrorDetails) {
    super(message, details);
  }
}

/** If-Match did not match, or a concurrent writer won the compare-and-swap. */
export class PreconditionFailedError extends DomainError {
  readonly code = 'PRECONDITION_FAILED';
}

export class PayloadTooLargeError extends DomainError {
  readonly code = 'PAYLOAD_TOO_LARGE';
}

export class UnsupportedMediaTypeError extends DomainError {
  readonly code = 'UNSUPPORTED_MEDIA_TYPE';
}

/** 422: the request was understood but the file could not be stored or is not an accepted format. */
export class MediaUploadFailedError extends DomainError {
  readonly code = 'MEDIA_UPLOAD_FAILED';
}

export class RateLimitedError extends DomainError {
  readonly code = 'RATE_LIMITED';
  declare retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A backend did not answer; 503, retryable. */
export class UnavailableError extends DomainError {
  readonly code = 'SERVICE_UNAVAILABLE';
}

/** A refusal named by its code alone, where no class says more (no such route, a method it does not take). */
export class RequestRefusedError extends DomainError {
  constructor(readonly code: ErrorCode, message: string, details?: ErrorDetails) {
    super(message, details);
  }
}

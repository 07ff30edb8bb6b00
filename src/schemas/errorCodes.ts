// Every error code the service answers with, its HTTP status and when it happens (spec 7;
// the statuses the spec leaves "not shown" are decided here). The OpenAPI document and its
// error responses are generated from this table.

export interface ErrorCodeInfo {
  status: number;
  description: string;
}

export const ERROR_CODES = {
  VALIDATION_ERROR: {
    status: 400,
    description: 'Invalid request data: a body, query or path value breaks a rule, or the body is not valid JSON. `details.field` names the first offending field as a dotted path, `details.issue` says what is wrong.',
  },
  BAD_REQUEST: { status: 400, description: 'The request could not be read for another reason (for example a malformed multipart body).' },
  UNAUTHORIZED: { status: 401, description: 'The credential is missing, invalid, revoked or expired.' },
  FORBIDDEN: { status: 403, description: 'A required scope is missing, the account is suspended, or the caller may not access this resource (not the owner, no partnership agreement, not an admin).' },
  NOT_FOUND: { status: 404, description: 'No such route or resource (API key, service, media, verification, account).' },
  PROFILE_NOT_FOUND: { status: 404, description: 'The business profile does not exist in the caller\'s environment (or was deleted).' },
  METHOD_NOT_ALLOWED: { status: 405, description: 'The path exists but does not accept this HTTP method.' },
  DUPLICATE_PROFILE: { status: 409, description: 'A profile for this business already exists in this environment (same normalised name, postal code and country, or the same phone).' },
  DUPLICATE_EMAIL: { status: 409, description: 'An account with this email already exists.' },
  VERIFICATION_PENDING: { status: 409, description: 'A verification request for this business is already pending.' },
  PRECONDITION_FAILED: { status: 412, description: 'If-Match does not match the profile\'s current ETag: it changed since it was read.' },
  PAYLOAD_TOO_LARGE: { status: 413, description: 'The JSON body is over 1 MB, or the uploaded file is over the cap for its media type (logo 2 MB, photo 10 MB, video 100 MB).' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'The body is not application/json (multipart/form-data for media uploads).' },
  MEDIA_UPLOAD_FAILED: { status: 422, description: 'The file was received but cannot be used: its bytes are not an accepted format for the media type, or storage failed. 422 because the request is well-formed but its content cannot be processed.' },
  RATE_LIMITED: { status: 429, description: 'A rate limit of the caller\'s plan was exceeded; `Retry-After` says how many seconds to wait.' },
  INTERNAL_ERROR: { status: 500, description: 'An unexpected error; details are logged under the request id, never sent.' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'A backend (database, search index, cache) did not answer; retry later.' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes that share an HTTP status, in table order. */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
}

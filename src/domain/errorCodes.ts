// Every error code the service answers with: its HTTP status, whether the same request may succeed
// when retried, the headers its answer carries, and when it happens (spec 7; the statuses the spec
// leaves "not shown" are decided here). A new code is one row here: `ErrorCode` is this table's
// keys, a DomainError's status comes from its row, each operation declares the codes it answers
// (core/operation.ts `errors`), and the OpenAPI error responses and the docs' error table are
// generated from it. test/unit/errorCodesDocumented.test.ts checks every code the source sends is a row.

/** A header a refusal carries beside the envelope (core/wire.ts writes it from the error). */
export type ErrorHeader = 'Retry-After' | 'WWW-Authenticate' | 'X-RateLimit';

export interface ErrorCodeInfo {
  status: number;
  description: string;
  /** The same request may succeed later, unchanged (the client may retry with backoff). */
  retryable?: true;
  /** Headers the answer carries: Retry-After (when to retry), WWW-Authenticate, X-RateLimit-* (the limit hit). */
  headers?: readonly ErrorHeader[];
}

export const ERROR_CODES = {
  VALIDATION_ERROR: {
    status: 400,
    description:
      'Invalid request data: a body, query or path value breaks a rule (a path id that does not match its pattern names the path parameter, ' +
      'e.g. `businessId`), the body is not valid UTF-8 or JSON, or an uploaded file is over the cap of its media type or not an accepted format ' +
      '(`details.field` `file`). `details.field` names the first offending field as a dotted path, `details.issue` says what is wrong.',
  },
  BAD_REQUEST: { status: 400, description: 'The request could not be read for a reason that is not a field\'s value (rare; the message says why).' },
  UNAUTHORIZED: { status: 401, headers: ['WWW-Authenticate'], description: 'The credential is missing, invalid, revoked or expired.' },
  FORBIDDEN: {
    status: 403,
    headers: ['WWW-Authenticate'],
    description: 'A required scope is missing, the account is suspended, or the caller may not access this resource (not the owner, no partnership agreement, not an admin).',
  },
  NOT_FOUND: { status: 404, description: 'No such route, or no such API key of the caller\'s account.' },
  PROFILE_NOT_FOUND: { status: 404, description: 'The business profile does not exist in the caller\'s environment (or was deleted).' },
  SERVICE_NOT_FOUND: { status: 404, description: 'The service does not exist on this business profile.' },
  MEDIA_NOT_FOUND: { status: 404, description: 'The media item does not exist in the caller\'s environment (or was deleted).' },
  VERIFICATION_NOT_FOUND: { status: 404, description: 'No pending verification request with this id (unknown, or already decided).' },
  REVIEW_NOT_FOUND: { status: 404, description: 'The review does not exist on this business (a hidden review reads as not found, except to its author and admins).' },
  SUMMARY_NOT_FOUND: {
    status: 404,
    description: 'POST /summaries/{summaryId}/reports: the report link was not issued by this service (tampered, truncated or made up), or its answer belongs to the other environment (sandbox and live report with their own credentials).',
  },
  REPORT_NOT_FOUND: { status: 404, description: 'No report with this id about this business in the caller\'s environment.' },
  TRACKED_LINK_NOT_FOUND: {
    status: 404,
    description: 'GET /r/{token}: the token was not issued by this service (tampered, truncated or made up), or its business is no longer published or has no https website.',
  },
  BOOKING_NOT_FOUND: { status: 404, description: 'No such booking for the caller: it does not exist, or the caller is neither the business owner nor the account that booked it.' },
  PARTNER_AGREEMENT_NOT_FOUND: { status: 404, description: 'No partnership agreement has this id.' },
  ACCOUNT_NOT_FOUND: { status: 404, description: 'The account does not exist.' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, description: 'No webhook endpoint with this id belongs to the caller\'s account and environment.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, description: 'No delivery with this id belongs to this webhook endpoint.' },
  PAYMENT_NOT_FOUND: { status: 404, description: 'No such payment for the caller: it does not exist, or the caller neither holds it in its records, nor paid it, nor is an admin.' },
  SUBSCRIPTION_NOT_FOUND: { status: 404, description: 'The account never paid for a plan at the payment provider, so it has no billing portal.' },
  METHOD_NOT_ALLOWED: { status: 405, description: 'The path exists but does not accept this HTTP method.' },
  DUPLICATE_PROFILE: { status: 409, description: 'A profile for this business already exists in this environment (same normalised name, postal code and country, or the same phone).' },
  PARTNER_AGREEMENT_TERMINATED: { status: 409, description: 'The partnership agreement was terminated, which is final; record a new agreement instead.' },
  DUPLICATE_EMAIL: { status: 409, description: 'An account with this email already exists.' },
  VERIFICATION_PENDING: { status: 409, description: 'A verification request for this business is already pending.' },
  DUPLICATE_REVIEW: {
    status: 409,
    description: 'This account has already reviewed this business (one review per account per business); `details.reviewId` names it: edit it with PATCH.',
  },
  BUSINESS_NOT_PUBLISHED: { status: 409, description: 'The business is not published: it takes no reviews and no bookings.' },
  WEBHOOK_ENDPOINT_DISABLED: { status: 409, description: 'The webhook endpoint is disabled (see disabledReason); enable it with PATCH enabled: true first.' },
  WEBHOOK_DELIVERY_IN_PROGRESS: { status: 409, retryable: true, description: 'An attempt of this webhook delivery is running (or it changed meanwhile); read it again after the attempt.' },
  DUPLICATE_PLATFORM: { status: 409, description: 'POST /admin/analytics-platforms: an AI platform with this name is registered already.' },
  SERVICE_NOT_BOOKABLE: {
    status: 409,
    description: 'The service takes no bookings: bookable is false, it has no duration, or the business has no coordinates (so no time zone).',
  },
  QUOTE_REQUIRED: { status: 409, description: 'The service is priced by quote (requiresQuote): ask the business for a quote instead of booking.' },
  OUTSIDE_BUSINESS_HOURS: { status: 409, description: "The booking would not start and end within the business's opening hours (in its time zone)." },
  BLACKOUT_DATE: { status: 409, description: 'The business is closed on that date (one of its blackout dates).' },
  SLOT_UNAVAILABLE: { status: 409, description: "Every place at that start time is taken (the service's capacity); choose another from its availability." },
  INVALID_BOOKING_TRANSITION: {
    status: 409,
    description: 'The booking cannot move to that status from the one it has; `details.currentStatus` names it (e.g. confirming a cancelled booking, completing one before its start).',
  },
  PAYMENTS_NOT_READY: {
    status: 409,
    description: 'The service takes payment but its business cannot be paid yet: its owner finishes the payment provider\'s onboarding first (POST /business/profile/{businessId}/payments/account, status ready).',
  },
  CHECKOUT_REFUSED: { status: 409, description: 'The payment provider refused to open a checkout for this booking (the message says why, e.g. an amount under its minimum); nothing is held or charged.' },
  SUBSCRIPTION_ACTIVE: { status: 409, description: 'The account already pays for a plan: change or cancel it at POST /account/billing-portal instead of buying another.' },
  CONFLICT: { status: 409, retryable: true, description: 'Another write with the same unique key won a race (MongoDB deployments); read again and retry.' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    retryable: true,
    headers: ['Retry-After'],
    description: 'A request with this Idempotency-Key is still being processed; retry after `Retry-After` seconds to get its answer.',
  },
  REQUEST_TIMEOUT: { status: 408, description: 'The request line, headers or body did not arrive within the server\'s request timeout (120 s); answered by the HTTP layer.' },
  PRECONDITION_FAILED: { status: 412, description: 'If-Match does not match the profile\'s current ETag: it changed since it was read.' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    description:
      'The JSON body is over 1 MB (16 KB on /auth routes), or a multipart upload\'s file is over 100 MB, the largest cap of any media type ' +
      '(a file within 100 MB but over its own type\'s cap is 400 VALIDATION_ERROR).',
  },
  URI_TOO_LONG: { status: 414, description: 'The request target (path and query string) is over 8 KiB; send long input in a request body.' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    description:
      'The body is not application/json (PATCH also takes application/merge-patch+json; media uploads take multipart/form-data), ' +
      'or its Content-Encoding is not gzip, deflate, br or identity.',
  },
  MEDIA_UPLOAD_FAILED: { status: 422, retryable: true, description: 'The file was valid but could not be stored; nothing was attached to the profile. Retry later.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    description: 'This Idempotency-Key was already used with a different request (method, path or body) in the last 24 hours; use a new key.',
  },
  RATE_LIMITED: { status: 429, retryable: true, headers: ['Retry-After', 'X-RateLimit'], description: 'A rate limit of the caller\'s plan was exceeded; `Retry-After` says how many seconds to wait.' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: {
    status: 431,
    description: 'The request line and headers together are over 16 KB (Node\'s limit), for example a query string with thousands of values; answered by the HTTP layer before the API runs.',
  },
  INTERNAL_ERROR: { status: 500, retryable: true, description: 'An unexpected error; details are logged under the request id, never sent.' },
  BAD_GATEWAY: {
    status: 502,
    retryable: true,
    headers: ['Retry-After'],
    description:
      'Answered by the load balancer of a deployment with several API instances: the instance handling the request stopped or failed before it ' +
      'answered. Retry; a write with its Idempotency-Key is then answered once (the first attempt\'s answer, or the write made once).',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    retryable: true,
    headers: ['Retry-After'],
    description: 'A backend (database, search index, cache) did not answer, or no API instance is up behind the load balancer; retry later.',
  },
  GATEWAY_TIMEOUT: {
    status: 504,
    retryable: true,
    headers: ['Retry-After'],
    description: 'Answered by the load balancer: the API instance did not answer within 125 s. Retry; a write with its Idempotency-Key is answered once.',
  },
  PAYMENTS_NOT_CONFIGURED: {
    status: 503,
    description:
      'This deployment takes no payments (or none in this environment): the message names what its operator sets (STRIPE_SECRET_KEY and ' +
      'STRIPE_WEBHOOK_SECRET; STRIPE_TEST_SECRET_KEY for the sandbox beside a live key; a plan\'s STRIPE_PRICE_ variable).',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    status: 503,
    retryable: true,
    headers: ['Retry-After'],
    description: 'The payment provider (Stripe) did not answer or failed; nothing was charged. Retry after `Retry-After` seconds.',
  },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Codes of refusals no HTTP request can reach (the reindex command, the benchmark's bulk loader):
 * typed like the others, never documented in OpenAPI.
 */
export const INTERNAL_ERROR_CODES = {
  REBUILD_IN_PROGRESS: { status: 409, description: 'Another rebuild of the search index is running (npm run reindex).' },
  REBUILD_SUPERSEDED: { status: 409, description: 'Another rebuild of the search index replaced this one.' },
  REBUILD_FINISHED: { status: 409, description: 'The rebuild is over; its writer takes no more documents.' },
  DUPLICATE_ID: { status: 409, description: 'A profile of a bulk load has the id of another profile (profiles.createMany).' },
} as const satisfies Record<string, ErrorCodeInfo>;

/** Any code a DomainError may carry. */
export type AnyErrorCode = ErrorCode | keyof typeof INTERNAL_ERROR_CODES;

const ALL_CODES: Record<AnyErrorCode, ErrorCodeInfo> = { ...ERROR_CODES, ...INTERNAL_ERROR_CODES };

export function errorCodeInfo(code: AnyErrorCode): ErrorCodeInfo {
  return ALL_CODES[code];
}

/** The codes whose status is S: NotFoundError takes a 404 code, ConflictError a 409 one. */
export type CodeWithStatus<S extends number> = { [C in AnyErrorCode]: (typeof ERROR_CODES & typeof INTERNAL_ERROR_CODES)[C]['status'] extends S ? C : never }[AnyErrorCode];

/** The codes that share an HTTP status, in table order. */
export function codesWithStatus(status: number): ErrorCode[] {
  return (Object.keys(ERROR_CODES) as ErrorCode[]).filter((code) => ERROR_CODES[code].status === status);
}

// components of the OpenAPI document: the request schemas are the very objects the
// validators compile; response shapes, error responses (from ERROR_CODES), headers,
// parameters and security schemes sit beside them.
import { MAX_ENTITY_TAG_HEADER_LENGTH } from '../domain/entityTags';
import { SESSION_ID } from '../domain/sessionId';
import type { SchemaObject } from 'ajv';
import { oauthErrorSchema, oauthIntrospectionRequestSchema, oauthIntrospectionSchema, oauthRevocationRequestSchema, oauthTokenRequestSchema, oauthTokenResponseSchema } from '../schemas/responses/oauthProtocol';
import { ERROR_CODES, codesWithStatus, type ErrorCode, type ErrorCodeInfo } from '../schemas/errorCodes';
import { accountIdSchema, apiKeyIdSchema, bookingIdSchema, businessIdSchema, informationReportIdSchema, mediaIdSchema, partnerAgreementIdSchema, paymentIdSchema, reviewIdSchema, serviceIdSchema, summaryTokenSchema, verificationIdSchema, webhookDeliveryIdSchema, webhookEndpointIdSchema } from '../schemas/parts/ids';
import { AI_PLATFORM_DESCRIPTION } from '../schemas/parts/aiPlatform';
import { MAX_TOKEN_LENGTH } from '../domain/analytics/trackedLinkToken';
import { IDEMPOTENCY_KEY_PARAMETER, IDEMPOTENT_REPLAYED_HEADER } from './idempotency';
import { REQUEST_SCHEMAS, RESPONSE_SCHEMAS } from '../schemas/catalogue';

export type { DataSchemaName, RequestSchemaName } from '../schemas/catalogue';

export const ref = (kind: 'schemas' | 'responses' | 'parameters' | 'headers', name: string) => ({ $ref: `#/components/${kind}/${name}` });

/** The OAuth protocol endpoints' forms and answers (paths/oauthProtocol.ts): documented, checked by oidc-provider. */
const OAUTH_PROTOCOL_SCHEMAS = {
  OAuthTokenRequest: oauthTokenRequestSchema,
  OAuthTokenResponse: oauthTokenResponseSchema,
  OAuthRevocationRequest: oauthRevocationRequestSchema,
  OAuthIntrospectionRequest: oauthIntrospectionRequestSchema,
  OAuthIntrospection: oauthIntrospectionSchema,
  OAuthError: oauthErrorSchema,
} satisfies Record<string, SchemaObject>;

const errorEnvelopeSchema: SchemaObject = {
  type: 'object',
  required: ['success', 'error', 'meta'],
  properties: {
    success: { type: 'boolean', const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(ERROR_CODES) },
        message: { type: 'string', description: 'Human-readable; never a stack trace or backend text.' },
        details: ref('schemas', 'ErrorDetails'),
      },
    },
    meta: ref('schemas', 'Meta'),
  },
};

/** The name of the shared error response for each status that ERROR_CODES uses. */
export const ERROR_RESPONSE_NAMES: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  408: 'RequestTimeout',
  409: 'Conflict',
  412: 'PreconditionFailed',
  413: 'PayloadTooLarge',
  414: 'UriTooLong',
  415: 'UnsupportedMediaType',
  422: 'UnprocessableContent',
  429: 'RateLimited',
  431: 'RequestHeaderFieldsTooLarge',
  500: 'InternalError',
  502: 'BadGateway',
  503: 'ServiceUnavailable',
  504: 'GatewayTimeout',
};

export const STANDARD_HEADERS = {
  'X-Request-ID': ref('headers', 'XRequestId'),
};

export const RATE_LIMIT_HEADERS = {
  'X-RateLimit-Limit': ref('headers', 'XRateLimitLimit'),
  'X-RateLimit-Remaining': ref('headers', 'XRateLimitRemaining'),
  'X-RateLimit-Reset': ref('headers', 'XRateLimitReset'),
};

/** 401, the refusals of the HTTP layer (http/clientErrors.ts, http/targetLength.ts) and the load balancer's own (http/proxyRefusals.ts). */
const ANSWERED_BEFORE_LIMITS = new Set([401, 408, 414, 431, 502, 504]);

function errorResponse(status: number) {
  const codes: ErrorCode[] = codesWithStatus(status);
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code].description}`);
  return {
    description: lines.join('\n'),
    headers: {
      ...STANDARD_HEADERS,
      // Each status with a code that says when to retry (429, 409 IDEMPOTENCY_KEY_IN_USE, 502-504).
      ...(codes.some((code) => (ERROR_CODES[code] as ErrorCodeInfo).headers?.includes('Retry-After')) ? { 'Retry-After': ref('headers', 'RetryAfter') } : {}),
      // These are answered before the caller is known, so no limit applies to them yet.
      ...(ANSWERED_BEFORE_LIMITS.has(status) ? {} : RATE_LIMIT_HEADERS),
    },
    content: {
      'application/json': {
        schema: { allOf: [ref('schemas', 'ErrorEnvelope'), { properties: { error: { properties: { code: { enum: codes } } } } }] },
      },
    },
  };
}

function integerHeader(description: string) {
  return { description, schema: { type: 'integer' } };
}

function pathParameter(name: string, schema: SchemaObject) {
  return { name, in: 'path', required: true, schema };
}

export function buildComponents() {
  const statuses = [...new Set(Object.values(ERROR_CODES).map((info) => info.status))];
  return {
    schemas: { ...REQUEST_SCHEMAS, ...RESPONSE_SCHEMAS, ...OAUTH_PROTOCOL_SCHEMAS, ErrorEnvelope: errorEnvelopeSchema },
    responses: {
      ...Object.fromEntries(statuses.map((status) => [ERROR_RESPONSE_NAMES[status], errorResponse(status)])),
    },
    parameters: {
      BusinessId: pathParameter('businessId', businessIdSchema),
      ServiceId: pathParameter('serviceId', serviceIdSchema),
      MediaId: pathParameter('mediaId', mediaIdSchema),
      KeyId: pathParameter('keyId', apiKeyIdSchema),
      VerificationId: pathParameter('verificationId', verificationIdSchema),
      AccountId: pathParameter('accountId', accountIdSchema),
      ReviewId: pathParameter('reviewId', reviewIdSchema),
      AgreementId: pathParameter('agreementId', partnerAgreementIdSchema),
      SummaryId: pathParameter('summaryId', summaryTokenSchema),
      ClientId: pathParameter('clientId', { type: 'string', minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
      BookingId: pathParameter('bookingId', bookingIdSchema),
      PaymentId: pathParameter('paymentId', paymentIdSchema),
      ReportId: pathParameter('reportId', informationReportIdSchema),
      EndpointId: pathParameter('endpointId', webhookEndpointIdSchema),
      DeliveryId: pathParameter('deliveryId', webhookDeliveryIdSchema),
      XRequestId: {
        name: 'X-Request-ID',
        in: 'header',
        required: false,
        // Any value is accepted: a tracing header never fails a request; only a plain one is kept.
        description:
          'Your id for this request: kept and echoed back when it is 1-128 of A-Z a-z 0-9 . _ : - (^[A-Za-z0-9._:-]{1,128}$); ' +
          'any other value is ignored (never refused) and the server makes one (req_<id>), echoed back the same way.',
        schema: { type: 'string' },
      },
      XSessionId: {
        name: 'X-Session-ID',
        in: 'header',
        required: false,
        description:
          'Personalisation session: searches and profile views under one id shape later rankings (30-minute sliding expiry). ' +
          '8-128 of A-Z a-z 0-9 . _ : -; any other value starts a new session (sess_<id>), returned as sessionId and in the ' +
          'X-Session-ID response header. A session belongs to the account and environment that use it: the same id sent ' +
          "with another account's key, or with the sandbox key, is another session. Never refused, so any string is accepted; " +
          `only a value matching ${SESSION_ID.source} is kept.`,
        schema: { type: 'string' },
      },
      IdempotencyKey: IDEMPOTENCY_KEY_PARAMETER,
      XAiPlatform: {
        name: 'X-AI-Platform',
        in: 'header',
        required: false,
        description:
          `For partners relaying several assistants: the platform this call's analytics events count under, instead of the one declared on the API key. ${AI_PLATFORM_DESCRIPTION} ` +
          'An unknown value is 400 VALIDATION_ERROR with `details.field` `X-AI-Platform`.',
        schema: { type: 'string', maxLength: 32 },
      },
      TrackedLinkToken: {
        name: 'token',
        in: 'path',
        required: true,
        description: 'Opaque signed token from a search result\'s trackedUrl.',
        schema: { type: 'string', maxLength: MAX_TOKEN_LENGTH, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$' },
      },
      IfMatch: {
        name: 'If-Match',
        in: 'header',
        required: false,
        description:
          'The ETag from GET or from the last write (a comma-separated list, or *, as RFC 9110 allows; compared strongly): ' +
          'the change applies only if the profile is unchanged since, else 412 PRECONDITION_FAILED. Anything else, or more than ' +
          `${MAX_ENTITY_TAG_HEADER_LENGTH} characters, is 400 VALIDATION_ERROR (details.field If-Match).`,
        schema: { type: 'string', maxLength: MAX_ENTITY_TAG_HEADER_LENGTH },
      },
    },
    headers: {
      XRequestId: { description: 'The request id (yours when valid, else req_<id>); also in meta.requestId.', schema: { type: 'string' } },
      XRateLimitLimit: integerHeader('Requests allowed in the current window of this area.'),
      XRateLimitRemaining: integerHeader('Requests left in the current window.'),
      XRateLimitReset: integerHeader('When the window resets, Unix epoch seconds.'),
      RetryAfter: integerHeader('Seconds to wait before retrying.'),
      ETag: { description: 'Revision of the profile; send it back in If-Match.', schema: { type: 'string' } },
      Location: { description: 'The path of what was created (/v1/...): read it there.', schema: { type: 'string' } },
      IdempotentReplayed: IDEMPOTENT_REPLAYED_HEADER,
    },
    securitySchemes: {
      oauthClient: {
        type: 'http',
        scheme: 'basic',
        description:
          'An OAuth client authenticating itself at /oauth/token, /oauth/revoke and /oauth/introspect: its client_id and client_secret ' +
          '(each URL-encoded, RFC 6749 section 2.3.1). The same two may be sent in the form instead; a public client sends its client_id alone.',
      },
      apiKey: {
        type: 'http',
        scheme: 'bearer',
        description:
          'API key: `Authorization: Bearer sk_live_...` (production data) or `Bearer sk_test_...` (sandbox: a separate data ' +
          'partition, invisible to live credentials and vice versa; 100 requests/hour). Created with POST /auth/api-keys; shown once.',
      },
      jwt: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'Access token from POST /auth/login (expires after 3600 s; renew with POST /auth/refresh). Always the live environment.',
      },
      oauth2: {
        type: 'oauth2',
        description:
          'OAuth 2.0 access token of an app a user allowed: limited to the consented scopes and the user\'s live data. ' +
          'Register apps with POST /oauth/clients. Token endpoint answers are RFC 6749 JSON, not the envelope. PKCE S256 is required for public clients.',
        flows: {
          authorizationCode: {
            authorizationUrl: '/oauth/authorize',
            tokenUrl: '/v1/oauth/token',
            refreshUrl: '/v1/oauth/token',
            scopes: {
              'read:businesses': 'read business profiles',
              'write:businesses': 'create and update profiles',
              'read:bookings': 'view bookings',
              'write:bookings': 'create and manage bookings',
              'read:analytics': 'access analytics data',
              'read:reviews': 'view reviews',
              'write:reviews': 'submit reviews',
            },
          },
        },
      },
    },
  };
}

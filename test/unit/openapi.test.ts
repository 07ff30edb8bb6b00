import { compileSchema } from '../../src/schemas/compile';
import { consumerSearchBodySchema } from '../../src/schemas/endpoints/consumerSearch';
import { directoryQuerySchema } from '../../src/schemas/endpoints/directory';
import { createProfileBodySchema, updateProfileBodySchema } from '../../src/schemas/endpoints/profile';
import { ERROR_CODES, type ErrorCode } from '../../src/schemas/errorCodes';
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';
import { SESSION_ID } from '../../src/domain/sessionId';

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const doc = buildOpenApiDocument() as Json;
const operations: Array<{ path: string; method: string; op: Json }> = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
  Object.entries(item as Json)
    .filter(([method]) => METHODS.includes(method))
    .map(([method, op]) => ({ path, method, op: op as Json })),
);
const op = (method: string, path: string): Json => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};

function resolve(pointer: string): unknown {
  if (!pointer.startsWith('#/')) throw new Error(`external $ref ${pointer}`);
  return pointer
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node === undefined ? undefined : node[key]), doc);
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => collectRefs(item, out));
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

const deref = (node: Json): Json => (node.$ref ? (resolve(node.$ref) as Json) : node);

describe('OpenAPI document structure', () => {
  it('is OpenAPI 3.1 with info and a /v1 server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.info.version).toEqual(expect.any(String));
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
  });
  it('is plain JSON (survives a round trip unchanged)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });
  it('starts every path with a slash and never repeats the /v1 of the server', () => {
    for (const path of Object.keys(doc.paths)) {
      expect(path).toMatch(/^\//);
      expect(path.startsWith('/v1/')).toBe(false);
    }
  });
  it('gives every operation a unique id, a summary and a success response', () => {
    const ids = operations.map(({ op: operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op: operation } of operations) {
      expect(operation.summary).toEqual(expect.any(String));
      const statuses = Object.keys(operation.responses ?? {});
      // A success, or the redirect of GET /r/{token}.
      expect(statuses.some((status) => /^2\d\d$/.test(status) || (path === '/r/{token}' && status === '302'))).toBe(true);
      expect(statuses.every((status) => /^[1-5]\d\d$/.test(status))).toBe(true);
      expect(`${method} ${path} ${operation.responses['500'] ? 'has' : 'lacks'} 500`).toBe(`${method} ${path} has 500`);
    }
  });
  it('resolves every $ref inside the document', () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const pointer of refs) expect([pointer, resolve(pointer) !== undefined]).toEqual([pointer, true]);
  });
  it('declares each path template parameter exactly once, as required', () => {
    for (const { path, method, op: operation } of operations) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters as Json[]).map(deref).filter((parameter) => parameter.in === 'path');
      expect([method, path, declared.map((parameter) => parameter.name).sort()]).toEqual([method, path, inTemplate]);
      for (const parameter of declared) expect(parameter.required).toBe(true);
    }
  });
  it('has valid JSON Schema 2020-12 in every component schema', () => {
    for (const [name, schema] of Object.entries(doc.components.schemas as Json)) {
      if (name === 'ErrorEnvelope') continue; // points into components by $ref
      expect(() => compileSchema(schema, 'body')).not.toThrow();
    }
  });
});

describe('OpenAPI routes', () => {
  const routes = [
    'post /auth/register', 'post /auth/login', 'post /auth/refresh',
    'get /auth/api-keys', 'post /auth/api-keys', 'delete /auth/api-keys/{keyId}',
    'get /business/profile', 'post /business/profile', 'get /business/profile/status',
    'get /business/profile/{businessId}', 'patch /business/profile/{businessId}', 'delete /business/profile/{businessId}',
    'post /business/profile/{businessId}/services',
    'patch /business/profile/{businessId}/services/{serviceId}', 'delete /business/profile/{businessId}/services/{serviceId}',
    'post /business/profile/media', 'delete /business/profile/media/{mediaId}', 'get /media/{mediaId}',
    'patch /business/profile/{businessId}/exclusive-content', 'patch /business/profile/{businessId}/hours',
    'get /business/profile/{businessId}/blackout-dates', 'post /business/profile/{businessId}/blackout-dates',
    'post /business/profile/{businessId}/confirm',
    'get /business/profile/{businessId}/information-reports', 'post /business/profile/{businessId}/information-reports',
    'post /business/profile/{businessId}/information-reports/{reportId}/answer',
    'delete /business/profile/{businessId}/blackout-dates',
    'post /business/profile/{businessId}/verification', 'get /business/profile/{businessId}/verification',
    'get /admin/verifications', 'post /admin/verifications/{verificationId}/decision', 'patch /admin/accounts/{accountId}',
    'post /admin/partner-agreements', 'get /admin/partner-agreements', 'get /admin/partner-agreements/{agreementId}', 'patch /admin/partner-agreements/{agreementId}',
    'post /api/v1/consumer/search', 'get /api/v1/directory', 'get /api/v1/partners/search', 'get /categories',
    'get /business/profile/{businessId}/opening-check',
    'post /summaries/{summaryId}/reports', 'get /business/profile/{businessId}/summary-reports', 'get /admin/summary-reports',
    'post /analytics/events', 'get /analytics/platforms', 'get /admin/analytics-platforms', 'post /admin/analytics-platforms', 'get /r/{token}',
    'get /health', 'get /ready', 'get /openapi.json',
    'post /business/profile/{businessId}/reviews', 'get /business/profile/{businessId}/reviews',
    'get /business/profile/{businessId}/reviews/{reviewId}', 'patch /business/profile/{businessId}/reviews/{reviewId}',
    'put /business/profile/{businessId}/reviews/{reviewId}/reply', 'put /business/profile/{businessId}/reviews/{reviewId}/moderation',
    'get /analytics/upstream-metrics', 'get /analytics/intent-journeys', 'get /analytics/attribution', 'get /analytics/benchmarks',
    'get /business/profile/{businessId}/services/{serviceId}/availability', 'get /business/profile/{businessId}/bookings',
    'post /bookings', 'get /bookings', 'get /bookings/{bookingId}', 'patch /bookings/{bookingId}',
    'post /mcp', 'delete /mcp', 'post /graphql',
    'post /oauth/clients', 'get /oauth/clients', 'get /oauth/clients/{clientId}', 'delete /oauth/clients/{clientId}',
    'post /oauth/clients/{clientId}/rotate-secret', 'get /oauth/authorizations', 'delete /oauth/authorizations/{clientId}',
    'post /oauth/token', 'post /oauth/revoke', 'post /oauth/introspect',
    'post /webhooks/endpoints', 'get /webhooks/endpoints', 'get /webhooks/endpoints/{endpointId}', 'patch /webhooks/endpoints/{endpointId}',
    'delete /webhooks/endpoints/{endpointId}', 'post /webhooks/endpoints/{endpointId}/rotate-secret', 'post /webhooks/endpoints/{endpointId}/test',
    'get /webhooks/endpoints/{endpointId}/deliveries', 'post /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/retry',
    'post /business/profile/{businessId}/payments/account', 'get /business/profile/{businessId}/payments/account',
    'get /business/profile/{businessId}/payments', 'get /payments', 'get /payments/{paymentId}', 'get /admin/payments',
    'post /account/plan/checkout', 'post /account/billing-portal', 'post /payments/stripe/webhook',
  ];
  it.each(routes)('documents %s', (route) => {
    const [method, path] = route.split(' ');
    expect(op(method!, path!).responses).toBeDefined();
  });
  it('documents nothing else', () => {
    expect(operations.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([...routes].sort());
  });
});

describe('OpenAPI content', () => {
  it('uses the validators\' own schema objects, not copies', () => {
    expect(doc.components.schemas.CreateProfileRequest).toBe(createProfileBodySchema);
    expect(doc.components.schemas.UpdateProfileRequest).toBe(updateProfileBodySchema);
    expect(doc.components.schemas.ConsumerSearchRequest).toBe(consumerSearchBodySchema);
    const limit = (op('get', '/api/v1/directory').parameters as Json[]).find((parameter) => parameter.name === 'limit');
    expect(limit!.schema).toBe(directoryQuerySchema.properties.limit);
  });
  it('references the request schema of each JSON body', () => {
    expect(op('post', '/business/profile').requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CreateProfileRequest' });
    expect(op('patch', '/business/profile/{businessId}/hours').requestBody.content['application/json'].schema.$ref).toBe('#/components/schemas/UpdateHoursRequest');
  });
  it('lists every error code under its status', () => {
    for (const [code, info] of Object.entries(ERROR_CODES) as Array<[ErrorCode, { status: number }]>) {
      const response = Object.values(doc.components.responses as Json).find((candidate: Json) =>
        candidate.content['application/json'].schema.allOf[1].properties.error.properties.code.enum.includes(code),
      ) as Json;
      expect(response.description).toContain(code);
      const users = operations.filter(({ op: operation }) => operation.responses[String(info.status)]);
      if (info.status !== 405) expect(users.length).toBeGreaterThan(0);
    }
    expect(ERROR_CODES.MEDIA_UPLOAD_FAILED.status).toBe(422);
    expect(ERROR_CODES.VERIFICATION_PENDING.status).toBe(409);
    expect(doc.info.description).toContain('| RATE_LIMITED | 429 |');
  });
  it('sends Retry-After with 429 and rate-limit headers on rate-limited answers', () => {
    expect(Object.keys(doc.components.responses.RateLimited.headers)).toContain('Retry-After');
    const ok = op('get', '/api/v1/directory').responses['200'];
    expect(Object.keys(ok.headers)).toEqual(expect.arrayContaining(['X-Request-ID', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
    expect(op('get', '/health').responses['200'].headers['X-RateLimit-Limit']).toBeUndefined();
  });
  it('has ETag on profile reads and writes, If-Match and 412 on PATCH', () => {
    expect(op('get', '/business/profile/{businessId}').responses['200'].headers.ETag).toBeDefined();
    const patch = op('patch', '/business/profile/{businessId}');
    expect(patch.parameters).toContainEqual({ $ref: '#/components/parameters/IfMatch' });
    expect(patch.responses['412']).toEqual({ $ref: '#/components/responses/PreconditionFailed' });
    expect(patch.responses['200'].headers.ETag).toBeDefined();
  });
  it.each([
    ['delete', '/business/profile/{businessId}'],
    ['post', '/business/profile/{businessId}/services'],
    ['patch', '/business/profile/{businessId}/services/{serviceId}'],
    ['delete', '/business/profile/{businessId}/services/{serviceId}'],
    ['patch', '/business/profile/{businessId}/exclusive-content'],
    ['patch', '/business/profile/{businessId}/hours'],
    ['post', '/business/profile/{businessId}/blackout-dates'],
    ['delete', '/business/profile/{businessId}/blackout-dates'],
  ])('documents If-Match and 412 on %s %s, and the new ETag unless the profile is gone', (method, path) => {
    const write = op(method, path);
    expect(write.parameters).toContainEqual({ $ref: '#/components/parameters/IfMatch' });
    expect(write.responses['412']).toEqual({ $ref: '#/components/responses/PreconditionFailed' });
    expect(write.description).toContain('comma-separated list');
    const success = Object.entries(write.responses as Json).find(([status]) => /^2/.test(status))![1] as Json;
    expect(Boolean(success.headers.ETag)).toBe(path !== '/business/profile/{businessId}');
  });
  it('documents If-None-Match and 304 on GET profile', () => {
    const read = op('get', '/business/profile/{businessId}');
    expect(read.parameters).toContainEqual(expect.objectContaining({ name: 'If-None-Match', in: 'header' }));
    expect(read.responses['304'].headers.ETag).toBeDefined();
    expect(read.responses['304'].content).toBeUndefined();
  });
  it('documents the read-only timeZone of a profile', () => {
    expect(doc.components.schemas.Profile.properties.timeZone).toMatchObject({ type: ['string', 'null'], readOnly: true });
  });
  it('takes X-Request-ID everywhere and X-Session-ID on consumer search and profile reads', () => {
    for (const { op: operation } of operations) expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/XRequestId' });
    expect(op('post', '/api/v1/consumer/search').parameters).toContainEqual({ $ref: '#/components/parameters/XSessionId' });
    expect(op('get', '/business/profile/{businessId}').parameters).toContainEqual({ $ref: '#/components/parameters/XSessionId' });
    // The header's accepted form (src/domain/sessionId.ts) and that a session is per account and environment.
    const header = doc.components.parameters.XSessionId;
    // Any value is accepted (an unusable one starts a new session), so the schema has no pattern; the description names the kept form.
    expect(header.schema).toEqual({ type: 'string' });
    expect(header.description).toContain(SESSION_ID.source);
    expect(header.description).toMatch(/belongs to the account and environment/);
    expect(op('post', '/api/v1/consumer/search').responses['200'].headers).toHaveProperty('X-Session-ID');
  });
  it('describes both bearer credentials and marks public and JWT-only operations', () => {
    const { apiKey, jwt } = doc.components.securitySchemes;
    expect(apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(apiKey.description).toMatch(/sk_test_/);
    expect(apiKey.description).toMatch(/sk_live_/);
    expect(jwt).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    expect(doc.components.securitySchemes.oauth2.flows.authorizationCode).toMatchObject({ authorizationUrl: '/oauth/authorize', tokenUrl: '/v1/oauth/token' });
    expect(op('post', '/auth/login').security).toEqual([]);
    expect(op('post', '/auth/api-keys').security).toEqual([{ jwt: [] }]);
    expect(op('get', '/business/profile/{businessId}').security).toEqual([{ apiKey: ['read:businesses'] }, { jwt: ['read:businesses'] }, { oauth2: ['read:businesses'] }]);
    expect(op('post', '/auth/login').responses['401']).toBeDefined();
    expect(op('get', '/health').responses['401']).toBeUndefined();
    expect(op('get', '/media/{mediaId}').security).toEqual([{ apiKey: ['read:businesses'] }, { jwt: ['read:businesses'] }, { oauth2: ['read:businesses'] }]);
    expect(op('patch', '/business/profile/{businessId}/hours').security).toEqual([{ apiKey: ['write:businesses'] }, { jwt: ['write:businesses'] }, { oauth2: ['write:businesses'] }]);
    expect(op('get', '/admin/verifications').security).toEqual([{ apiKey: [] }, { jwt: [] }]);
  });
  it('turns query schemas into parameters with their defaults and required flags', () => {
    const parameters = op('get', '/api/v1/directory').parameters as Json[];
    expect(parameters.find((parameter) => parameter.name === 'sortBy')).toMatchObject({ in: 'query', required: false, schema: { default: 'aiVisibilityScore' } });
    const dates = (op('delete', '/business/profile/{businessId}/blackout-dates').parameters as Json[]).find((parameter) => parameter.name === 'dates');
    expect(dates).toMatchObject({ in: 'query', required: false, style: 'form', explode: true });
  });
  it('documents the multipart upload and the binary media download', () => {
    const upload = op('post', '/business/profile/media').requestBody.content['multipart/form-data'].schema;
    expect(upload.required).toEqual(['file', 'type']);
    expect(Object.keys(upload.properties)).toEqual(['file', 'type', 'businessId']);
    expect(Object.keys(op('get', '/media/{mediaId}').responses['200'].content)).toEqual(expect.arrayContaining(['image/png', 'video/mp4']));
    expect(op('post', '/business/profile/media').responses['422']).toEqual({ $ref: '#/components/responses/UnprocessableContent' });
  });
  it('states the behaviours the spec leaves open', () => {
    const text = JSON.stringify(doc);
    expect(op('post', '/api/v1/consumer/search').description).toMatch(/kilometres/);
    expect(doc.components.schemas.SearchResultBusiness.properties.distance.description).toMatch(/Kilometres/);
    expect(doc.components.schemas.CreateServiceRequest.properties.duration.description).toMatch(/Minutes/);
    expect(doc.info.description).toMatch(/0 <= `minAmount` <= `maxAmount`/);
    expect(op('get', '/api/v1/directory').description).toMatch(/without distance and personalizationScore.*aiVisibilityScore.*verificationLevel/s);
    expect(doc.info.description).toMatch(/sandbox partition/);
    expect(doc.info.description).toContain('| free | 100 | 1,000 | 100 |');
    expect(doc.info.description).toContain('| professional | 1,000 | 10,000 | 1,000 |');
    expect(doc.info.description).toContain('| enterprise | 10,000 | custom | custom |');
    expect(doc.info.description).toMatch(/sk_test_ key are limited to 100 per hour/);
    expect(doc.info.description).toMatch(/at most 1 MB/);
    expect(doc.info.description).toMatch(/logo up to 2 MB, photo 10 MB, video 100 MB/);
    expect(text).toContain('x-minimumSibling');
  });
});

describe('what the service does not provide', () => {
  it('documents the OAuth 2.0 flow and its RFC-shaped token endpoint', () => {
    const description: string = doc.info.description;
    const section = description.slice(description.indexOf('## OAuth 2.0'), description.indexOf('## Conventions'));
    for (const path of ['/oauth/authorize', '/v1/oauth/token', '/.well-known/oauth-authorization-server']) expect(section).toContain(path);
    expect(section).toMatch(/not the envelope/);
  });

  it('ties the analytics rate-limit area to the /analytics/* routes', () => {
    expect(doc.info.description).toMatch(/analytics = the four \/analytics\/\* routes/);
  });
});

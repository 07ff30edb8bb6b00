// How the OpenAPI document shows Idempotency-Key (core/idempotentCall.ts): declared operations
// say so themselves (src/operations); the hand-written routes that honour it are the authenticated
// JSON writes, i.e. the routes behind guards.jsonBody (app.ts) except consumer search, which is a
// read sent as POST, and they are listed here.
export const IDEMPOTENT_OPERATIONS: ReadonlySet<string> = new Set([
]);

export const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: 1-255 printable ASCII characters, unique per request (a UUID), scoped to your account and environment. ' +
    'A 2xx answer, or a 4xx of a request that ran (not 400, 409, 412, 413, 415 or 429, so a corrected retry runs), is kept 24 hours and a retry with the same key, method, path and body gets it again with ' +
    '`Idempotent-Replayed: true`; the same key with another request is 422 IDEMPOTENCY_KEY_REUSED; while the first is still ' +
    'running, 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. 5xx answers are not kept: a retry runs again.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]{1,255}$' },
};

export const IDEMPOTENT_REPLAYED_HEADER = {
  description: '`true` when this answer is the stored answer of an earlier request with the same Idempotency-Key (meta.requestId is that request\'s).',
  schema: { type: 'string', enum: ['true'] },
};

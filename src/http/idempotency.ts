// Stripe-style Idempotency-Key for authenticated writes. It runs right after the JSON body
// parser (app.ts wraps guards.jsonBody), so it sits after authentication (the key belongs to
// the caller's account and environment), after the rate limit (a replay is a request and
// counts; a 429 is answered before any key is claimed) and after the scope check; the body is
// parsed once and the fingerprint is taken from the parsed body. Validation runs after it, so a
// 400 answer is stored like any other 4xx.
//
// First request: claim the key (a short lock), run, store status, body and the headers below for
// 24 h when the answer is 2xx or 4xx (except 429); 5xx and 429 release the key so a retry runs
// again. Retry with the same fingerprint: the stored answer, marked Idempotent-Replayed. Same key,
// other request: 422. Same key while the first still runs: 409 with Retry-After.
import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { ConflictError, DomainError, ValidationError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { Logger } from '../logger';
import type { IdempotencyClaim, IdempotencyKeyRepository, IdempotentResponse } from '../ports/idempotencyKeys';
import { failWith } from './errorHandler';
import { requestFingerprint } from '../core/requestFingerprint';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const KEY_SHAPE = /^[\x20-\x7E]{1,255}$/;
const UNSAFE = new Set(['POST', 'PATCH', 'DELETE', 'PUT']);
const REPLAYED_HEADERS = ['ETag', 'Location', 'Content-Type'];
export const ANSWER_TTL_SECONDS = 24 * 60 * 60;
// A claim outlives any normal request; should the process die mid-request, the key frees itself.
export const CLAIM_TTL_SECONDS = 60;
const RETRY_AFTER_SECONDS = 1;

export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
  readonly status = 422;
}

export interface IdempotencyDeps {
  records: IdempotencyKeyRepository;
  logger: Pick<Logger, 'warn'>;
  clock?: () => Date;
}

// As Stripe does: an answer is kept only when the endpoint ran. Refused input (400, 413, 415),
// a conflict with another request (409), a stale If-Match (412) and a rate limit (429) are not,
// so a corrected retry with the same key runs.
const NOT_KEPT = new Set([400, 409, 412, 413, 415, 429]);
const storable = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && !NOT_KEPT.has(status));

function answerOf(ctx: Context): IdempotentResponse | undefined {
  // Only JSON answers are replayable (every route behind the JSON body parser sends one).
  if (ctx.body === null || typeof ctx.body !== 'object' || Buffer.isBuffer(ctx.body) || typeof (ctx.body as { pipe?: unknown }).pipe === 'function') return undefined;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) if (ctx.response.get(name)) headers[name] = ctx.response.get(name);
  return { status: ctx.status, headers, body: ctx.body };
}

function replay(ctx: Context, answer: IdempotentResponse): void {
  ctx.status = answer.status;
  ctx.body = answer.body;
  for (const [name, value] of Object.entries(answer.headers)) ctx.set(name, value);
  ctx.set(REPLAYED_HEADER, 'true');
}

function keyOf(ctx: Context): string | undefined {
  const raw = ctx.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_SHAPE.test(key)) throw new ValidationError(IDEMPOTENCY_HEADER, 'must be 1-255 printable ASCII characters');
  return key;
}

export function idempotency(deps: IdempotencyDeps): Middleware {
  const { records, logger } = deps;
  const clock = deps.clock ?? (() => new Date());
  const later = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

  return async (ctx, next) => {
    const principal = ctx.state.principal as Principal | undefined;
    if (!UNSAFE.has(ctx.method) || !principal) return next();
    const key = keyOf(ctx);
    if (key === undefined) return next();

    const scope: IdempotencyClaim = { accountId: principal.accountId, environment: principal.environment, key, claimId: randomUUID() };
    const fingerprint = requestFingerprint(ctx.method, ctx.originalUrl, ctx.request.body);
    const now = clock();
    const held = await records.claim({ ...scope, fingerprint, createdAt: now.toISOString(), expiresAt: later(now, CLAIM_TTL_SECONDS) }, now.toISOString());
    if (held) {
      if (held.fingerprint !== fingerprint) {
        throw new IdempotencyKeyReusedError('This Idempotency-Key was used with a different request (method, path or body); use a new key');
      }
      if (!held.response) {
        ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
        throw new ConflictError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed; retry later');
      }
      return replay(ctx, held.response);
    }

    try {
      await next();
    } catch (error) {
      // Domain errors are rendered here, by errorHandler's own rule, so a 4xx answer can be stored.
      if (!(error instanceof DomainError) || !storable(error.status)) {
        await records.release(scope).catch((cause: unknown) => logger.warn({ err: cause }, 'could not release an Idempotency-Key'));
        throw error;
      }
      failWith(ctx, error);
    }
    const answer = storable(ctx.status) ? answerOf(ctx) : undefined;
    // The answer is already decided: failing to record it must not fail the request. The claim
    // then lapses after CLAIM_TTL_SECONDS and a retry runs again.
    const record = answer ? records.complete(scope, answer, later(clock(), ANSWER_TTL_SECONDS)) : records.release(scope);
    await record.catch((cause: unknown) => logger.warn({ err: cause, requestId: ctx.state.requestId }, 'could not record an Idempotency-Key answer'));
  };
}

/** The JSON body parser followed by idempotency: the guard authenticated JSON writes use (app.ts). */
export function idempotentJsonBody(parseJson: Middleware, deps: IdempotencyDeps): Middleware {
  const idempotent = idempotency(deps);
  return (ctx, next) => parseJson(ctx, () => idempotent(ctx, next));
}

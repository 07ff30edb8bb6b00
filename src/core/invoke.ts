// The one call path: every operation, from every transport, runs through invoke.
//
//   authenticate -> path ids -> rate limit -> access -> platform -> body -> idempotency
//     -> validate -> run -> envelope
//
// The order is the REST API's documented precedence: a missing credential is 401 before anything
// else, a malformed id 400 before it counts against a limit, a 429 before the scope is looked at,
// a 403 before the body is read. Every refusal and failure becomes an answer through one error
// model (core/answer.ts); transports only write answers in their own form.
import type { SchemaObject } from 'ajv';
import { ValidationError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { RateLimitArea } from '../domain/rateLimitTiers';
import type { Logger } from '../logger';
import { bodyChecker, outputChecker, queryChecker } from '../schemas/check';
import { compileSchema } from '../schemas/compile';
import { PATH_ID_SCHEMAS } from '../schemas/parts/ids';
import { checkAccess } from './access';
import { metaOf, successEnvelope, type Answer, type Meta } from './answer';
import type { Authenticate, Credential } from './authentication';
import { IDEMPOTENCY_HEADER, idempotencyKeyOf, type IdempotentCall } from './idempotentCall';
import type { CallRequest, Operation, OperationInput, Transport, UploadedFile } from './operation';
import { rateLimitHeaders, type RateLimitCheck } from './rateLimitCheck';
import type { RateLimitDecision } from '../ports/rateLimiter';
import { requestFingerprint } from './requestFingerprint';
import { errorAnswer } from './wire';

/** What a transport knows of a request before the core checks anything. */
export interface Call {
  /** A credential to authenticate, or the caller a transport already established for this request or session. */
  caller: Credential | { principal: Principal; address: string };
  /** The input as sent; `body` may be read only once the caller is allowed (REST reads the stream then). */
  input: Omit<OperationInput, 'body' | 'file'> & {
    body?: unknown;
    readBody?: () => Promise<unknown>;
    /** The uploaded file, for an operation that takes one; asked for after the body was read (REST parses both at once). */
    readFile?: () => Promise<UploadedFile | undefined>;
  };
  transport: Transport;
  requestId: string;
  origin: string;
  header?: (name: string) => string | undefined;
  /** The AI platform the caller's client names itself (X-AI-Platform, an MCP client's name). */
  platformHint?: () => string | undefined;
  /**
   * Counts the call against a rate-limit area in the transport's own way (GraphQL counts each area
   * once per request); default: one count per call.
   */
  rateLimit?: (principal: Principal | undefined, area: RateLimitArea) => Promise<RateLimitDecision | undefined>;
}

export interface InvokeDeps<Services> {
  services: Services;
  authenticate: Authenticate;
  checkRateLimit: RateLimitCheck;
  idempotentCall: IdempotentCall;
  /** The platform of one call: the hint when sent (refused when unknown), else the credential's, else `direct`. */
  resolvePlatform: (declared: string | undefined, relayed: string | undefined) => Promise<string>;
  logger: Logger;
  clock?: () => Date;
  /** Checks every success answer against the operation's output schema (on in tests). */
  checkOutputs?: boolean;
}

export type Invoke<Services> = (operation: Operation<Services>, call: Call) => Promise<Answer>;

const PATH_ID_CHECKS: Partial<Record<string, ReturnType<typeof compileSchema>>> = Object.fromEntries(Object.entries(PATH_ID_SCHEMAS).map(([name, schema]) => [name, compileSchema(schema, 'body')]));

function checkPathIds(names: readonly string[], path: Record<string, string>): void {
  for (const name of names) {
    const valid = PATH_ID_CHECKS[name];
    if (valid && !valid(path[name])) throw new ValidationError(name, String(PATH_ID_SCHEMAS[name]['x-issue']));
  }
}

/** Compiled once per operation: the input checks and the output check. */
interface Checks {
  query?: (query: Record<string, unknown>) => Record<string, unknown>;
  body?: (body: unknown) => unknown;
  /** The body read from the query, for an operation whose body may come there. */
  bodyFromQuery?: (query: Record<string, unknown>) => unknown;
  output?: (value: unknown) => void;
}

/** The body as sent and, for an operation that takes one, the uploaded file. */
interface Sent {
  body: unknown;
  file?: UploadedFile;
}

/** A body check whose refusals name the field the operation's own way. */
function namingFields(check: (body: unknown) => unknown, name: ((field: string) => string) | undefined): (body: unknown) => unknown {
  if (!name) return check;
  return (body) => {
    try {
      return check(body);
    } catch (error) {
      if (!(error instanceof ValidationError) || !error.details?.field) throw error;
      throw new ValidationError(name(String(error.details.field)), String(error.details.issue));
    }
  };
}

async function readSent(operation: Operation, call: Call): Promise<Sent> {
  const body = call.input.readBody ? await call.input.readBody() : call.input.body;
  if (!operation.input.file) return { body };
  const file = await call.input.readFile?.();
  if (!file) throw new ValidationError('file', 'is required');
  return { body, file };
}

export function createInvoke<Services>(deps: InvokeDeps<Services>): Invoke<Services> {
  const clock = deps.clock ?? (() => new Date());
  const checks = new WeakMap<Operation<Services>, Checks>();

  function checksOf(operation: Operation<Services>): Checks {
    let found = checks.get(operation);
    if (!found) {
      const { query, body, bodyInQuery } = operation.input;
      found = {
        ...(query && { query: queryChecker(query as SchemaObject) }),
        ...(body && { body: namingFields(bodyChecker(body.schema), operation.input.bodyFieldName) }),
        ...(body && bodyInQuery && { bodyFromQuery: queryChecker(body.schema) }),
        ...(deps.checkOutputs && operation.output && { output: outputChecker(operation.output.schema, operation.output.name) }),
      };
      checks.set(operation, found);
    }
    return found;
  }

  async function principalOf(operation: Operation<Services>, call: Call): Promise<Principal | undefined> {
    if ('principal' in call.caller) return call.caller.principal;
    if (operation.access.kind !== 'public') return deps.authenticate(call.caller);
    // A public operation never refuses a credential: a bad one is an anonymous caller.
    if (!operation.optionalCaller || call.caller.authorization === undefined) return undefined;
    return deps.authenticate(call.caller).catch(() => undefined);
  }

  async function countAgainstLimit(operation: Operation<Services>, call: Call, principal: Principal | undefined): Promise<RateLimitDecision | undefined> {
    if (operation.rateLimit === 'none') return undefined;
    if (call.rateLimit) return call.rateLimit(principal, operation.rateLimit);
    return deps.checkRateLimit(principal, operation.rateLimit, call.caller.address);
  }

  /** Validation and the work: a domain refusal is an answer here, so idempotency can keep it. */
  async function execute(operation: Operation<Services>, call: Call, principal: Principal | undefined, sent: Sent, request: CallRequest, meta: Meta): Promise<Answer> {
    try {
      const found = checksOf(operation);
      const sentInQuery = (sent.body === undefined || sent.body === null) && found.bodyFromQuery;
      const input = {
        path: call.input.path,
        query: found.query ? found.query(call.input.query) : call.input.query,
        body: sentInQuery ? sentInQuery(call.input.query) : found.body ? found.body(sent.body) : sent.body,
        ...(sent.file && { file: sent.file }),
      };
      const result = await operation.run(deps.services, { principal, input, request });
      const status = result.notModified ? 304 : (result.status ?? operation.http?.status ?? 200);
      // 304 Not Modified and 204 No Content carry no body (RFC 9110 15.4.5, 15.3.5).
      if (result.notModified || status === 204) return { status, headers: result.headers ?? {} };
      if (result.redirectTo !== undefined) return { status, headers: result.headers ?? {}, redirectTo: result.redirectTo };
      found.output?.(result.data);
      const bare = operation.http?.envelope === false;
      return { status, headers: result.headers ?? {}, body: bare ? result.data : successEnvelope(result.data, meta), detail: result.detail };
    } catch (error) {
      return errorAnswer(error, meta, deps.logger);
    }
  }

  return async (operation, call) => {
    const now = clock();
    const meta = metaOf(call.requestId, now);
    let limits: Record<string, string> = {};
    // An answer for one caller must not be kept by a shared cache or the browser; an operation
    // whose answer may be revalidated (a profile's ETag) says its own Cache-Control.
    let privacy: Record<string, string> = {};
    try {
      const principal = await principalOf(operation, call);
      if (principal) privacy = { 'Cache-Control': 'no-store' };
      checkPathIds(operation.input.path ?? [], call.input.path);
      const decision = await countAgainstLimit(operation, call, principal);
      if (decision) limits = rateLimitHeaders(decision);
      if (principal) checkAccess(principal, operation.access);

      let platform: Promise<string> | undefined;
      const request: CallRequest = {
        transport: call.transport,
        requestId: call.requestId,
        header: (name) => call.input.headers?.[name] ?? call.header?.(name),
        origin: call.origin,
        now,
        address: call.caller.address,
        platform: () => (platform ??= deps.resolvePlatform(principal?.platform, call.platformHint?.())),
      };
      // A platform nobody knows is refused before any work is done (400 naming where it came from).
      if (operation.attributesPlatform) await request.platform();

      const sent = await readSent(operation, call);
      const key = operation.idempotent && principal ? idempotencyKeyOf(request.header(IDEMPOTENCY_HEADER)) : undefined;
      const answer =
        key !== undefined && principal
          ? await deps.idempotentCall(principal, key, requestFingerprint(operation.name, JSON.stringify([call.input.path, call.input.query]), sent.body), () =>
              execute(operation, call, principal, sent, request, meta),
            )
          : await execute(operation, call, principal, sent, request, meta);
      return { ...answer, headers: { ...privacy, ...limits, ...answer.headers } };
    } catch (error) {
      const answer = errorAnswer(error, meta, deps.logger);
      return { ...answer, headers: { ...privacy, ...limits, ...answer.headers } };
    }
  };
}

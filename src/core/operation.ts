// One operation, declared once: what it takes, what it answers, who may call it, what it
// counts against, and the work itself. Everything else is derived from this value: REST routes
// (http/restOperations.ts), the scope table, the OpenAPI paths (openapi/), the MCP tools (mcp/) and
// the GraphQL fields (graphql/). A transport never decides any of these on its own.
import type { SchemaObject } from 'ajv';
import type { Scope } from '../domain/account';
import type { AgentSkillId } from '../domain/agentSkills';
import type { ErrorCode } from '../domain/errorCodes';
import type { Principal } from '../domain/principal';
import type { RateLimitArea } from '../domain/rateLimitTiers';
import type { NamedSchema } from '../schemas/catalogue';

export type { NamedSchema } from '../schemas/catalogue';

/** Any credential (API key, JWT, OAuth access token) that holds the scope. */
export interface ScopeAccess {
  kind: 'scope';
  scope: Scope;
}
/** No credential at all: sign-up, sign-in, health, the OpenAPI document. */
export interface PublicAccess {
  kind: 'public';
}
/** A person signed in (a JWT from /auth/login): settings of the account itself; no key or app may widen credentials. */
export interface SignedInAccess {
  kind: 'signedIn';
}
/** An admin account through its own credential; an OAuth token never carries admin rights. */
export interface AdminAccess {
  kind: 'admin';
}

/** Who may call an operation (spec 5.4, 5.6). */
export type Access = ScopeAccess | PublicAccess | SignedInAccess | AdminAccess;

export const scope = (name: Scope): ScopeAccess => ({ kind: 'scope', scope: name });
export const PUBLIC: PublicAccess = { kind: 'public' };
export const SIGNED_IN: SignedInAccess = { kind: 'signedIn' };
export const ADMIN: AdminAccess = { kind: 'admin' };

/** The caller an operation's work sees: a public operation may have none. */
export type CallerOf<A extends Access> = A extends PublicAccess ? Principal | undefined : Principal;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Transport = 'rest' | 'graphql' | 'mcp';

/** A file sent with a request (REST: the `file` part of a multipart upload). */
export interface UploadedFile {
  bytes: Buffer;
  originalName?: string;
}

/** The request as every transport hands it over, before any check: the core validates it. */
export interface OperationInput {
  /** Path parameters ({businessId}); MCP and GraphQL pass them as arguments. */
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  /** The uploaded file of an operation that takes one (`input.file`). */
  file?: UploadedFile;
  /** Request headers the operation reads (X-Session-ID), when a transport carries them as arguments. */
  headers?: Record<string, string>;
}

/** What the work of an operation may ask of the request beyond its validated input. */
export interface CallRequest {
  transport: Transport;
  requestId: string;
  /** A request header by name (REST); MCP and GraphQL have none, so every header is optional. */
  header(name: string): string | undefined;
  /** Where links in answers point: PUBLIC_URL, or the origin the request came to. */
  origin: string;
  /** The AI platform the answer is attributed to (credential, X-AI-Platform, MCP client name), resolved on first use. */
  platform(): Promise<string>;
  /** When the call started: one instant for all its checks and records. */
  now: Date;
  /** The client's address (REST: the socket's, or X-Forwarded-For's behind TRUST_PROXY): failed sign-ins count against it. */
  address: string;
}

/** The checked input as every operation receives it: path parameters, query (defaults applied), body and file. */
export interface CheckedInput {
  path: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  file?: UploadedFile;
}

/**
 * One call of an operation's work: the caller (absent on public operations), its input checked,
 * the request. A declaration made with operation() (declareOperation.ts) sees both typed by its
 * access and its schemas.
 */
export interface OperationCall {
  principal: Principal | undefined;
  input: CheckedInput;
  request: CallRequest;
}

/** What any answer may carry beside its data. */
interface ResultMeta {
  /** Default: the operation's declared success status. */
  status?: number;
  /** ETag, Location, Cache-Control: answer metadata every transport may use or drop. */
  headers?: Record<string, string>;
  /** What a transport's view may present beyond `data` (the ranked results behind a search page); never sent as is. */
  detail?: unknown;
}

/**
 * An operation's answer: the data (inside the envelope unless the operation answers bare), or
 * that the client's copy is current (If-None-Match: 304 without a body), or where the caller is
 * sent on (REST: the declared 3xx status with Location).
 */
export type OperationResult<Output> = ResultMeta &
  ({ data: Output; notModified?: false; redirectTo?: undefined } | { data?: undefined; notModified: true; redirectTo?: undefined } | { data?: undefined; notModified?: false; redirectTo: string });

export interface HttpBinding {
  method: HttpMethod;
  /** As OpenAPI writes it, without /v1: '/business/profile/{businessId}'. */
  path: string;
  /** The success status (200 unless said). */
  status?: number;
  /**
   * false: the answer is the data itself, without the envelope: a JSON value (the analytics
   * questions, spec 4.4; the OpenAPI document) or, without an output schema, bytes (a media file)
   * whose Content-Type the result's headers name.
   */
  envelope?: boolean;
  /** The most bytes a JSON body may have, where an operation takes less than the app's limit (sign-in: AUTH_BODY_LIMIT_BYTES). */
  bodyLimitBytes?: number;
  /** How the body is read: JSON (default when `input.body` is set) or a multipart upload. */
  bodyFormat?: 'json' | 'multipart';
}

export interface OperationDocs {
  tag: string;
  summary: string;
  description?: string;
  /** Header and path parameters by their component name (BusinessId, IfMatch, XSessionId...). */
  parameters?: string[];
  /** Statuses beyond those implied by access, inputs and limits (404, 409, 412, 422...). */
  errors?: number[];
  /** Response headers of the success answer beyond the standard ones: a component name ('ETag') or an OpenAPI header object. */
  successHeaders?: Record<string, string | Record<string, unknown>>;
  successDescription: string;
  /** Touches a backend that can be down (503); default true. */
  usesBackend?: boolean;
  /** A success body other than the enveloped JSON data (binary media, the OpenAPI document). */
  successContent?: Record<string, unknown>;
  /** A request body other than JSON (the multipart upload), as an OpenAPI request body object. */
  requestBody?: Record<string, unknown>;
  /** Rewrites the generated OpenAPI operation where a rule is its own (If-None-Match and 304 on GET profile). */
  refine?: (operation: Record<string, unknown>) => Record<string, unknown>;
}

/**
 * How a transport presents an operation's answer when its shape is its own (MCP's model-oriented
 * search answer, GraphQL's flat pages): a named schema and a pure projection of the same answer.
 */
export interface View {
  output: NamedSchema;
  present(data: unknown, detail: unknown): unknown;
}

/** An MCP tool that calls the operation: its arguments become the operation's input. */
export interface McpExposure {
  tool: string;
  title: string;
  /** Written for a model: when to use the tool and what it returns. */
  description: string;
  /** The tool's arguments (JSON Schema, an object). */
  args: SchemaObject;
  toInput(args: Record<string, unknown>): OperationInput;
  /** The structured content: the operation's output schema and data unless a view is declared. */
  view?: View;
  /** The agent skill it serves (domain/agentSkills.ts): how the A2A agent card groups the tools. */
  skill?: AgentSkillId;
}

/** A GraphQL field that calls the operation. */
export interface GraphqlExposure {
  field: string;
  /** Query fields only: every change goes through REST (its idempotency keys, ETags, webhooks). */
  on: 'Query' | 'Business';
  description: string;
  /** The field's arguments (JSON Schema, an object); on Business, the parent's id arrives as `businessId`. */
  args: SchemaObject;
  toInput(args: Record<string, unknown>): OperationInput;
  view?: View;
  /** What the field costs the backends in the query-cost limit (graphql/queryLimits.ts). */
  cost: number;
  /** The field may answer null beside an error (one business among several asked for); others null the whole answer. */
  nullable?: boolean;
}

export interface Operation<Services = unknown> {
  /** The operationId: 'getProfile'. */
  name: string;
  access: Access;
  /**
   * A public operation that still wants to know a caller who sends a credential (readiness shows
   * an admin each engine): a valid one makes `principal` known, a missing or bad one leaves the
   * caller anonymous, never a 401.
   */
  optionalCaller?: boolean;
  /** The rate-limit area it counts against; 'none' for health, readiness and the document. */
  rateLimit: RateLimitArea | 'none';
  /** Idempotency-Key honoured (Stripe-style replay of the first answer). */
  idempotent?: boolean;
  /** Its answers are recorded for analytics: the AI platform of the call is resolved (and refused when unknown) before any work. */
  attributesPlatform?: boolean;
  input: {
    /** Path parameter names; their schemas are the documented id patterns (schemas/parts/ids.ts). */
    path?: string[];
    query?: SchemaObject;
    body?: NamedSchema;
    /**
     * The body may come in the query instead (DELETE blackout-dates: ?dates=a,b, as many clients
     * send no body with DELETE): when none is sent, the query checked against the body's schema,
     * lists and numbers read from strings, is the body.
     */
    bodyInQuery?: boolean;
    /** Takes one uploaded file beside the body's fields (REST: a multipart upload); without one the call is refused. */
    file?: boolean;
    /** How a refused body names its field, where the operation has its own way (a batch's items: `events[3].timestamp`). */
    bodyFieldName?: (field: string) => string;
  };
  /** The data of a success answer; absent when the answer is not JSON (binary media, a redirect). */
  output?: NamedSchema;
  /** The codes it answers beyond those its access, input, limits and backends imply (declareOperation.ts). */
  errors?: readonly ErrorCode[];
  http?: HttpBinding;
  docs: OperationDocs;
  mcp?: McpExposure;
  graphql?: GraphqlExposure;
  run(services: Services, call: OperationCall): Promise<OperationResult<unknown>>;
}

/**
 * An operation in the plain form every transport reads, checked as one at compile time. The app's
 * operations are declared with operation() (declareOperation.ts), which types their work from
 * their schemas; this form is for operations whose schemas carry no types (the core's own tests).
 */
export function defineOperation<Services>(operation: Operation<Services>): Operation<Services> {
  return operation;
}

// Builds one OpenAPI operation from a short description: who may call it, its inputs (the
// request schemas themselves), its success shape and the errors that can answer it.
import type { SchemaObject } from 'ajv';
import { IDEMPOTENT_OPERATIONS } from './idempotency';
import { ERROR_RESPONSE_NAMES, RATE_LIMIT_HEADERS, STANDARD_HEADERS, ref, type DataSchemaName, type RequestSchemaName } from './components';

/** public: no credential; credential: API key or JWT; jwt: a signed-in account; admin: a JWT of an admin. */
export type Access = 'public' | 'credential' | 'jwt' | 'admin';

export interface OperationSpec {
  operationId: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** Component names of path parameters (BusinessId...) and header parameters (IfMatch, XSessionId). */
  parameters?: string[];
  query?: SchemaObject;
  body?: RequestSchemaName;
  /** A non-JSON request body (multipart upload). */
  requestBody?: Record<string, unknown>;
  success: {
    status: number;
    description: string;
    /** Data schema inside the envelope. */
    data?: DataSchemaName;
    /** Raw content instead of the envelope (binary media, the OpenAPI document). */
    content?: Record<string, unknown>;
    headers?: Record<string, unknown>;
  };
  /** Statuses beyond those implied by access and inputs (404, 409, 412, 422...). */
  errors?: number[];
  /** Counts against a rate limit (false for health, readiness and the document). */
  rateLimited?: boolean;
  /** Touches a backend that can be down (503). */
  usesBackend?: boolean;
  /** Honours Idempotency-Key (declared operations say so; the hand-written paths are listed in idempotency.ts). */
  idempotent?: boolean;
}

const isIdempotent = (spec: OperationSpec) => spec.idempotent ?? IDEMPOTENT_OPERATIONS.has(spec.operationId);

const SECURITY: Record<Access, unknown[]> = {
  public: [],
  credential: [{ apiKey: [] }, { jwt: [] }],
  jwt: [{ jwt: [] }],
  admin: [{ jwt: [] }],
};

function envelope(data: DataSchemaName): SchemaObject {
  return {
    type: 'object',
    required: ['success', 'data', 'meta'],
    properties: { success: { type: 'boolean', const: true }, data: ref('schemas', data), meta: ref('schemas', 'Meta') },
  };
}

// When a body may carry the same input (DELETE blackout-dates), no query parameter is required.
function queryParameters(query: SchemaObject, bodyAlternative: boolean) {
  const required = new Set<string>(bodyAlternative ? [] : (query.required ?? []));
  return Object.entries(query.properties as Record<string, SchemaObject>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
    ...(schema.type === 'array' ? { style: 'form', explode: true, description: 'Repeat the parameter or separate values with commas.' } : {}),
  }));
}

function errorStatuses(spec: OperationSpec): number[] {
  const statuses = new Set<number>(spec.errors ?? []);
  if (isIdempotent(spec)) {
    statuses.add(409);
    statuses.add(422);
  }
  const hasInput = spec.query !== undefined || spec.body !== undefined || spec.requestBody !== undefined || (spec.parameters ?? []).length > 0;
  if (hasInput) statuses.add(400);
  if (spec.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  if (spec.body !== undefined) {
    statuses.add(413);
    statuses.add(415);
  }
  if (spec.rateLimited !== false) statuses.add(429);
  statuses.add(500);
  if (spec.usesBackend !== false) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

export function operation(spec: OperationSpec): Record<string, unknown> {
  const { success } = spec;
  const idempotent = isIdempotent(spec);
  const headers = {
    ...STANDARD_HEADERS,
    ...(spec.rateLimited !== false ? RATE_LIMIT_HEADERS : {}),
    ...(idempotent ? { 'Idempotent-Replayed': ref('headers', 'IdempotentReplayed') } : {}),
    ...success.headers,
  };
  const content = success.content ?? (success.data ? { 'application/json': { schema: envelope(success.data) } } : undefined);
  const responses: Record<string, unknown> = {
    [success.status]: { description: success.description, headers, ...(content ? { content } : {}) },
  };
  for (const status of errorStatuses(spec)) responses[status] = ref('responses', ERROR_RESPONSE_NAMES[status]!);
  // Any request may be refused before routing (http/clientErrors.ts, http/targetLength.ts): sent
  // too slowly (408), a target over 8 KiB (414), a head over Node's 16 KB (431); and, behind the
  // load balancer of several instances, by it (http/proxyRefusals.ts): 502, 503, 504.
  for (const status of [408, 414, 431, 502, 503, 504]) responses[status] = ref('responses', ERROR_RESPONSE_NAMES[status]!);
  const parameters = [
    ...(spec.parameters ?? []).map((name) => ref('parameters', name)),
    ref('parameters', 'XRequestId'),
    ...(idempotent ? [ref('parameters', 'IdempotencyKey')] : []),
    ...(spec.query ? queryParameters(spec.query, spec.requestBody !== undefined || spec.body !== undefined) : []),
  ];
  const requestBody =
    spec.requestBody ??
    (spec.body ? { required: true, content: { 'application/json': { schema: ref('schemas', spec.body) } } } : undefined);
  const accessNote = spec.access === 'admin' ? ' Admin accounts only.' : '';
  return {
    operationId: spec.operationId,
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description || accessNote ? { description: `${spec.description ?? ''}${accessNote}`.trim() } : {}),
    security: SECURITY[spec.access],
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

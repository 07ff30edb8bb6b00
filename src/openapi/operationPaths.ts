// The OpenAPI paths of the declared operations (src/operations): each declaration's HTTP binding,
// inputs, output, limits and docs become one operation object, through the same builder the
// remaining hand-written paths use (operation.ts).
import type { Operation } from '../core/operation';
import { ref } from './components';
import { operation as openApiOperation, type Access as DocumentedAccess } from './operation';

type PathItems = Record<string, Record<string, Record<string, unknown>>>;

function documentedAccess(access: Operation['access']): DocumentedAccess {
  if (access.kind === 'public') return 'public';
  if (access.kind === 'signedIn') return 'jwt';
  if (access.kind === 'admin') return 'admin';
  return 'credential';
}

/** Path parameters whose component is not named after them. */
const PARAMETER_COMPONENTS: Record<string, string> = { token: 'TrackedLinkToken' };

/** 'businessId' -> the BusinessId parameter component. */
const parameterName = (pathParameter: string) => PARAMETER_COMPONENTS[pathParameter] ?? pathParameter[0].toUpperCase() + pathParameter.slice(1);

function headersOf(declared: Record<string, string | Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (!declared) return undefined;
  return Object.fromEntries(Object.entries(declared).map(([name, header]) => [name, typeof header === 'string' ? ref('headers', header) : header]));
}

/** A body that may come in the query instead: its fields as optional query parameters, the JSON body optional. */
function bodyInQueryOf(body: NonNullable<Operation['input']['body']>) {
  return {
    query: body.schema,
    requestBody: { required: false, content: { 'application/json': { schema: ref('schemas', body.name) } } },
    // A JSON body may still be sent: its size and type limits answer as on any JSON body.
    bodyErrors: [413, 415],
  };
}

/** The success body: declared content, the output itself for a bare answer (no envelope), or nothing (the envelope of `data`). */
function successContentOf(declared: Operation): Record<string, unknown> | undefined {
  if (declared.docs.successContent) return declared.docs.successContent;
  if (declared.http?.envelope === false && declared.output) return { 'application/json': { schema: declared.output.schema } };
  return undefined;
}

export function documentOperation(declared: Operation): Record<string, unknown> {
  const { docs, input, http } = declared;
  const inQuery = input.body && input.bodyInQuery ? bodyInQueryOf(input.body) : undefined;
  const errors = [...(docs.errors ?? []), ...(inQuery?.bodyErrors ?? [])];
  const content = successContentOf(declared);
  const built = openApiOperation({
    operationId: declared.name,
    tag: docs.tag,
    summary: docs.summary,
    ...(docs.description && { description: docs.description }),
    access: documentedAccess(declared.access),
    parameters: [...(input.path ?? []).map(parameterName), ...(docs.parameters ?? [])],
    ...(input.query && { query: input.query }),
    ...(inQuery && { query: inQuery.query, requestBody: inQuery.requestBody }),
    ...(input.body && !inQuery && http?.bodyFormat !== 'multipart' && { body: input.body.name as never }),
    ...(docs.requestBody && { requestBody: docs.requestBody }),
    success: {
      status: http?.status ?? 200,
      description: docs.successDescription,
      ...(declared.output && !content && { data: declared.output.name as never }),
      ...(content && { content }),
      ...(docs.successHeaders && { headers: headersOf(docs.successHeaders) }),
    },
    ...(errors.length > 0 && { errors }),
    rateLimited: declared.rateLimit !== 'none',
    ...(docs.usesBackend === false && { usesBackend: false }),
    idempotent: declared.idempotent === true,
  });
  return docs.refine ? docs.refine(built) : built;
}

export function operationPaths(operations: ReadonlyArray<Operation>): PathItems {
  const paths: PathItems = {};
  for (const declared of operations) {
    if (!declared.http) continue;
    paths[declared.http.path] = { ...paths[declared.http.path], [declared.http.method.toLowerCase()]: documentOperation(declared) };
  }
  return paths;
}

/** Path items from several sources, method by method (a path may hold declared and hand-written methods). */
export function mergePaths(...sources: PathItems[]): PathItems {
  const merged: PathItems = {};
  for (const source of sources) for (const [path, item] of Object.entries(source)) merged[path] = { ...merged[path], ...item };
  return merged;
}

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

/** 'businessId' -> the BusinessId parameter component. */
const parameterName = (pathParameter: string) => pathParameter[0].toUpperCase() + pathParameter.slice(1);

function headersOf(declared: Record<string, string | Record<string, unknown>> | undefined): Record<string, unknown> | undefined {
  if (!declared) return undefined;
  return Object.fromEntries(Object.entries(declared).map(([name, header]) => [name, typeof header === 'string' ? ref('headers', header) : header]));
}

export function documentOperation(declared: Operation): Record<string, unknown> {
  const { docs, input, http } = declared;
  const built = openApiOperation({
    operationId: declared.name,
    tag: docs.tag,
    summary: docs.summary,
    ...(docs.description && { description: docs.description }),
    access: documentedAccess(declared.access),
    parameters: [...(input.path ?? []).map(parameterName), ...(docs.parameters ?? [])],
    ...(input.query && { query: input.query }),
    ...(input.body && http?.bodyFormat !== 'multipart' && http?.bodyFormat !== 'jsonOrQuery' && { body: input.body.name as never }),
    ...(docs.requestBody && { requestBody: docs.requestBody }),
    success: {
      status: http?.status ?? 200,
      description: docs.successDescription,
      ...(declared.output && !docs.successContent && { data: declared.output.name as never }),
      ...(docs.successContent && { content: docs.successContent }),
      ...(docs.successHeaders && { headers: headersOf(docs.successHeaders) }),
    },
    ...(docs.errors && { errors: docs.errors }),
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

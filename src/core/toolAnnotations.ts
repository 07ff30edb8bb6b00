// What an MCP tool tells a client about its effects (MCP 2025-11-25, Tool.annotations), read from
// the operation's declaration rather than written beside it:
// - readOnlyHint: the credential it needs only reads (a `read:` scope, or public and GET): a tool a
//   read-only key may call changes nothing of the caller's, so consumer search is read-only though it
//   is a POST (the analytics it records are the service's own, not a change the caller asked for).
// - destructiveHint (writes only): an update or a removal (PUT, PATCH, DELETE) may overwrite what was
//   there; a POST only adds (a booking, a report).
// - idempotentHint: reads, PUT and DELETE. Not a POST: an Idempotency-Key argument (create_booking's)
//   is optional, and two calls without one book twice. Not a PATCH either: a profile PATCH with
//   services gives them new ids each time.
// - openWorldHint: false for every tool: they reach only this directory's own records, never the web.
import type { Operation } from './operation';

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** Whether the operation only reads: a `read:` scope, or public (or signed-in) access on GET. */
export function isReadOnly(operation: Pick<Operation, 'access' | 'http'>): boolean {
  if (operation.access.kind === 'scope') return operation.access.scope.startsWith('read:');
  return operation.http?.method === 'GET';
}

export function toolAnnotations(operation: Operation): ToolAnnotations {
  if (!operation.mcp) throw new Error(`${operation.name} is not an MCP tool`);
  if (!operation.http) throw new Error(`${operation.name}: an MCP tool needs its HTTP binding, which says what it changes`);
  const readOnly = isReadOnly(operation);
  const method = operation.http.method;
  return {
    title: operation.mcp.title,
    readOnlyHint: readOnly,
    destructiveHint: !readOnly && (method === 'PUT' || method === 'PATCH' || method === 'DELETE'),
    idempotentHint: readOnly || method === 'PUT' || method === 'DELETE',
    openWorldHint: false,
  };
}

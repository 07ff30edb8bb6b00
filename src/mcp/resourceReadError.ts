// A refusal while reading or listing resources, as the JSON-RPC error the MCP specification names
// for it. The SDK sends any other thrown error as -32603 Internal error, which told clients the
// server had failed when the business simply does not exist.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { DomainError } from '../domain/errors';

/** MCP specification, Resources, Error Handling: "Resource not found: -32002". */
export const RESOURCE_NOT_FOUND = -32002;

export function resourceReadError(error: DomainError, uri: string): McpError {
  const data = { uri, code: error.code, ...(error.details && { details: error.details }) };
  // Another account's draft is as absent to this caller as an unknown id (get_business says FORBIDDEN; a resource either exists for you or not).
  if (error.status === 404 || error.status === 403) return new McpError(RESOURCE_NOT_FOUND, 'Resource not found', data);
  if (error.status === 400) return new McpError(ErrorCode.InvalidParams, error.message, data);
  return new McpError(ErrorCode.InvalidRequest, error.message, data);
}

/** MCP specification, Pagination: an invalid cursor is -32602 Invalid params. */
export function resourceListError(error: DomainError): McpError {
  const data = { code: error.code, ...(error.details && { details: error.details }) };
  return new McpError(error.status === 400 ? ErrorCode.InvalidParams : ErrorCode.InvalidRequest, error.message, data);
}

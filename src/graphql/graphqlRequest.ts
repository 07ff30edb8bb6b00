// The GraphQL-over-HTTP request: a JSON object with a string `query`, optional
// `variables` and `extensions` objects and an optional `operationName` string (null allowed for
// each). A body that is not one is malformed, refused with 400 whatever the Accept header, as the
// GraphQL-over-HTTP specification asks; so is a query over the size limit, before it is parsed.
import { ValidationError } from '../domain/errors';
import { MAX_QUERY_BYTES } from './queryLimitValues';

export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  extensions?: Record<string, unknown> | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The body as a GraphQL request, or a ValidationError naming the member at fault. */
export function readGraphqlRequest(body: unknown): GraphqlRequest {
  if (!isObject(body)) throw new ValidationError('body', 'must be a JSON object with a query', 'A GraphQL request is a JSON object with a query string');
  const { query, variables, operationName, extensions } = body;
  if (typeof query !== 'string' || query.trim() === '') throw new ValidationError('query', 'is required and must be a non-empty string', 'A GraphQL request needs a query string');
  const bytes = Buffer.byteLength(query, 'utf8');
  if (bytes > MAX_QUERY_BYTES) throw new ValidationError('query', `must be at most ${MAX_QUERY_BYTES} bytes`, `The query is ${bytes} bytes; at most ${MAX_QUERY_BYTES} are allowed`);
  if (variables !== undefined && variables !== null && !isObject(variables)) throw new ValidationError('variables', 'must be an object or null');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw new ValidationError('operationName', 'must be a string or null');
  if (extensions !== undefined && extensions !== null && !isObject(extensions)) throw new ValidationError('extensions', 'must be an object or null');
  return { query, ...(variables !== undefined && { variables }), ...(operationName !== undefined && { operationName }), ...(extensions !== undefined && { extensions }) };
}

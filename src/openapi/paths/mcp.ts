// The MCP endpoint: JSON-RPC 2.0 messages of the Model Context Protocol over its
// Streamable HTTP transport. The messages themselves are the protocol's (modelcontextprotocol.io);
// this documents what HTTP sees: credential, session header, statuses.
import { operation } from '../operation';

const tag = 'MCP';

const jsonRpcMessage = {
  type: 'object',
  required: ['jsonrpc'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer', 'null'] }, method: { type: 'string' }, params: { type: 'object' } },
};

// A Media Type Object has no description (OAS 3.1): it is the Request Body Object's.
const jsonRpcBody = {
  required: true,
  description: 'One JSON-RPC 2.0 message of the Model Context Protocol, or a batch of them.',
  content: { 'application/json': { schema: { oneOf: [jsonRpcMessage, { type: 'array', items: jsonRpcMessage, minItems: 1 }] } } },
};

// What the server answers: a result (MCP results are objects) or an error, for the request's id.
const jsonRpcAnswer = {
  type: 'object',
  required: ['jsonrpc'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    result: { type: 'object', description: 'The MCP result of the request (its shape is the protocol\'s).' },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} } },
  },
};

const jsonRpcError = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'integer' }, message: { type: 'string' } } },
  },
};

const sessionHeader = {
  name: 'Mcp-Session-Id',
  in: 'header',
  required: false,
  description:
    'The session from the answer to initialize; required on every later request of the session. A value naming no session of ' +
    'this account (whatever its form) is 404 with a JSON-RPC error: initialize again.',
  schema: { type: 'string' },
};

export const MCP_DESCRIPTION =
  'Model Context Protocol server for AI assistants (Streamable HTTP transport, protocol versions the official SDK supports). ' +
  'Tools: search_businesses (consumer search), get_business (published profile), check_open (open at a local time, blackout dates honoured), ' +
  'list_categories, get_availability (read:bookings) and create_booking (write:bookings; no Idempotency-Key: after a lost answer check ' +
  'GET /bookings before retrying); resource template business://{id}. Each tool checks the scope the matching REST route requires and ' +
  'answers refusals as tool errors (isError, text holding {error: {code, message, details}}). ' +
  'Sessions: initialize (without Mcp-Session-Id) opens one and answers its id in the Mcp-Session-Id header; it belongs to the account and ' +
  'environment of the credential that opened it (another account gets 404), ends on DELETE, after 30 idle minutes or when the process ' +
  'holds 1000 sessions (least recently used first), and lives in this process (behind several instances, route by that header). ' +
  'Every request is authenticated again (a revoked key is refused on its next call). tools/call messages count against the search ' +
  'rate-limit area. Answers are application/json (no SSE stream; GET answers 405). search_businesses and get_business answers are ' +
  'recorded for analytics with surface mcp and the platform read from the client\'s clientInfo.name (claude, chatgpt, gemini, ' +
  'perplexity, copilot, meta_ai, else other).';

/** Only a message list holding a tools/call counts (the search area), so only its answer carries these. */
const TOOL_CALL_LIMIT_HEADERS = Object.fromEntries(
  (['Limit', 'Remaining', 'Reset'] as const).map((part) => [
    `X-RateLimit-${part}`,
    { description: `On answers to a tools/call only (the search area): as X-RateLimit-${part} elsewhere.`, required: false, schema: { type: 'integer' } },
  ]),
);

function withJsonRpcErrors(op: Record<string, unknown>, statuses: Record<number, string>): Record<string, unknown> {
  const responses = { ...(op.responses as Record<string, unknown>) };
  for (const [status, description] of Object.entries(statuses)) {
    responses[status] = { description, content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, jsonRpcError] } } } };
  }
  return { ...op, parameters: [sessionHeader, ...(op.parameters as unknown[])], responses };
}

export function mcpPaths() {
  const post = operation({
    operationId: 'mcpMessage',
    tag,
    summary: 'Send MCP JSON-RPC messages (initialize, tools/list, tools/call, resources/read, ...)',
    description: MCP_DESCRIPTION,
    access: 'credential',
    requestBody: jsonRpcBody,
    success: {
      status: 200,
      description: 'The JSON-RPC answer (202 with no body when only notifications or responses were sent).',
      content: { 'application/json': { schema: { oneOf: [jsonRpcAnswer, { type: 'array', items: jsonRpcAnswer }] } } },
      // Only the answer to initialize carries it (the MCP transport requires it there, not on later answers).
      headers: { 'Mcp-Session-Id': { description: 'On the answer to initialize: the new session.', required: false, schema: { type: 'string' } }, ...TOOL_CALL_LIMIT_HEADERS },
    },
    errors: [404, 413, 415],
  });
  // Only notifications or responses sent: the transport accepts them without an answer.
  (post.responses as Record<string, unknown>)[202] = { description: 'Accepted: the body held only notifications or responses; no body.', headers: { 'X-Request-ID': { $ref: '#/components/headers/XRequestId' } } };
  const remove = operation({
    operationId: 'mcpEndSession',
    tag,
    summary: 'End an MCP session',
    access: 'credential',
    // Ending a session costs nothing: no rate-limit area counts it.
    rateLimited: false,
    success: { status: 200, description: 'The session is ended.' },
    errors: [404],
  });
  return {
    '/mcp': {
      post: withJsonRpcErrors(post, {
        400: 'A body that is not JSON or not JSON-RPC (envelope VALIDATION_ERROR, or a JSON-RPC error), or a request other than initialize without Mcp-Session-Id.',
        404: 'Mcp-Session-Id names no session of this account (unknown, ended or expired): initialize again.',
        406: 'Accept must list both application/json and text/event-stream (the transport\'s rule).',
      }),
      delete: withJsonRpcErrors(remove, { 404: 'Mcp-Session-Id is missing or names no session of this account.' }),
    },
  };
}

// The MCP server over the declared operations: the SDK's protocol server
// with its tools listed from every operation that declares an MCP exposure, each tool's input and
// output schemas the very JSON Schemas the operation declares (no zod copy to drift), and every
// call a call of the operation through invoke. Plus the business://{id} resources: a profile as
// JSON, read through the same operation as get_business, and listed for the caller's own profiles
// (listOwnProfiles, its cursor the protocol's). Built per request by the HTTP
// transport (mcpHttp.ts, from a pool) and once by the stdio entry point (runtime/mcpStdio.ts).
import type { SchemaObject } from 'ajv';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { dataOf, refusalOf } from '../core/answer';
import { toWire } from '../core/wire';
import type { Call, Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import { toolAnnotations } from '../core/toolAnnotations';
import { MCP_SERVER_INFO } from './serverInfo';
import { platformOfMcpClient } from '../domain/analytics/mcpClientPlatform';
import { DomainError } from '../domain/errors';
import { bodyChecker } from '../schemas/check';
import { resourceListError, resourceReadError } from './resourceReadError';

export { MCP_SERVER_INFO } from './serverInfo';
/** Resources per resources/list page. */
export const RESOURCES_PAGE_SIZE = 50;

const INSTRUCTIONS =
  'Local business discovery. Use search_businesses for what the user asks in their words, then get_business for details ' +
  '(services and prices, hours, exclusive content) and check_open before saying a place is open. Ids look like biz_...';

/** The SDK's per-request extra: the HTTP transport puts the request's caller in authInfo.extra. */
export type ToolExtra = { authInfo?: { extra?: Record<string, unknown> }; requestId?: string | number };

/** What a server needs from its transport for each call. */
export interface McpCallSource {
  /** The caller of the request being handled: HTTP's principal of that request, stdio's credential. */
  caller(extra: ToolExtra): Call['caller'];
  /** The name the client gave in `initialize` (HTTP: from the session; stdio: from the server itself when absent). */
  clientName(): string | undefined;
  /** How a tool call counts against rate limits (HTTP counts each tools/call message before the server sees it). */
  rateLimit?: Call['rateLimit'];
  /** Where links in answers point (PUBLIC_URL, or the API's own address the request came to). */
  origin(extra: ToolExtra): string;
  /** The id the answer is known by (HTTP: the request's X-Request-ID; stdio: one per call). */
  requestId(extra: ToolExtra): string;
}

/** The schema of what a tool answers: its view's, or the operation's own output. */
export function toolOutputSchema(operation: Operation): SchemaObject {
  const output = operation.mcp?.view?.output ?? operation.output;
  if (!output) throw new Error(`${operation.name} is an MCP tool but declares no output schema`);
  return output.schema;
}

function toolOf(operation: Operation): Tool {
  const exposure = operation.mcp!;
  return {
    name: exposure.tool,
    title: exposure.title,
    description: exposure.description,
    inputSchema: exposure.args as Tool['inputSchema'],
    outputSchema: toolOutputSchema(operation) as Tool['outputSchema'],
    // What it changes, from its declaration (core/toolAnnotations.ts).
    annotations: toolAnnotations(operation),
  };
}

export function createMcpServer(deps: { operations: ReadonlyArray<Operation>; invoke: Invoke<unknown>; source: McpCallSource }): Server {
  const { invoke, source } = deps;
  const tools = new Map(deps.operations.filter((operation) => operation.mcp).map((operation) => [operation.mcp!.tool, operation]));
  const checks = new Map([...tools].map(([name, operation]) => [name, bodyChecker(operation.mcp!.args)]));
  const profileRead = deps.operations.find((operation) => operation.mcp?.tool === 'get_business');
  const ownProfiles = deps.operations.find((operation) => operation.name === 'listOwnProfiles');
  const server = new Server(MCP_SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  const clientName = () => source.clientName() ?? server.getClientVersion()?.name;

  function call(operation: Operation, input: Call['input'], extra: ToolExtra): ReturnType<Invoke<unknown>> {
    return invoke(operation, {
      caller: source.caller(extra),
      input,
      transport: 'mcp',
      requestId: source.requestId(extra),
      origin: source.origin(extra),
      // Analytics attribute every answer to the assistant the client says it is.
      platformHint: () => platformOfMcpClient(clientName()),
      ...(source.rateLimit && { rateLimit: source.rateLimit }),
    });
  }

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [...tools.values()].map(toolOf) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const operation = tools.get(request.params.name);
    if (!operation) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const exposure = operation.mcp!;
    let args: Record<string, unknown>;
    try {
      // The tool's own arguments first (types, bounds); the operation's schemas then check the input as REST does.
      args = checks.get(exposure.tool)!(request.params.arguments ?? {}) as Record<string, unknown>;
    } catch (error) {
      // A refusal as a tool error the model can read and act on (the same code, message and details as REST).
      if (error instanceof DomainError) return toWire(error, 'mcp');
      throw error;
    }
    const answer = await call(operation, exposure.toInput(args), extra as ToolExtra);
    const refusal = refusalOf(answer);
    if (refusal) return toWire(refusal, 'mcp');
    const data = dataOf(answer);
    const structured = (exposure.view ? exposure.view.present(data, answer.detail) : data) as Record<string, unknown>;
    return { structuredContent: structured, content: [{ type: 'text', text: JSON.stringify(structured) }] };
  });

  // The caller's own profiles, drafts included: the businesses an owner's assistant works on. Every
  // other published business is found with search_businesses (enumerating them all is what
  // search is for) and read through the template below.
  server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) => {
    if (!ownProfiles) return { resources: [] };
    const cursor = request.params?.cursor;
    const answer = await call(ownProfiles, { path: {}, query: { limit: RESOURCES_PAGE_SIZE, ...(cursor !== undefined && { cursor }) } }, extra as ToolExtra);
    const refusal = refusalOf(answer);
    if (refusal) throw resourceListError(refusal);
    const page = dataOf(answer) as { profiles: Array<{ id: string; name: string; status: string }>; pagination: { nextCursor?: string } };
    return {
      resources: page.profiles.map((profile) => ({
        uri: `business://${profile.id}`,
        name: profile.id,
        title: profile.name,
        description: `Your business profile (${profile.status})`,
        mimeType: 'application/json',
      })),
      ...(page.pagination.nextCursor && { nextCursor: page.pagination.nextCursor }),
    };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [{ uriTemplate: 'business://{id}', name: 'business', title: 'Business profile', description: 'A business profile as JSON (same as get_business): any published one, and your own drafts', mimeType: 'application/json' }],
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) => {
    const uri = request.params.uri;
    const match = /^business:\/\/([^/?#]+)$/.exec(uri);
    if (!match || !profileRead) throw new McpError(-32002, 'Resource not found', { uri });
    const answer = await call(profileRead, { path: { businessId: decodeURIComponent(match[1]) }, query: {} }, extra as ToolExtra);
    const refusal = refusalOf(answer);
    if (refusal) throw resourceReadError(refusal, uri);
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(dataOf(answer)) }] };
  });

  return server;
}

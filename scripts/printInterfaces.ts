// Prints what the operations publish, key order normalised, for comparing two revisions:
// the OpenAPI document, the MCP tools (names, input and output schemas) and the GraphQL SDL.
//   npx tsx scripts/printInterfaces.ts > before.json
import { printSchema } from 'graphql';
import { buildGraphqlSchema } from '../src/graphql/graphqlSchema';
import { toolOutputSchema } from '../src/mcp/mcpServer';
import { buildOpenApiDocument } from '../src/openapi/openApiDocument';
import { OPERATIONS } from '../src/operations/registry';

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted((value as Record<string, unknown>)[key])]));
  }
  return value;
}

const tools = OPERATIONS.filter((operation) => operation.mcp).map((operation) => ({
  name: operation.mcp!.tool,
  input: operation.mcp!.args,
  output: toolOutputSchema(operation),
}));

process.stdout.write(
  `${JSON.stringify(sorted({ openapi: buildOpenApiDocument(), mcpTools: tools, graphql: printSchema(buildGraphqlSchema(OPERATIONS, async () => null)).split('\n') }), null, 1)}\n`,
);

// Who the MCP server says it is, and the MCP specification its tools and the discovery documents
// follow: plain values, so the agent card and server.json can name them without loading the SDK
// (an idle server holds no MCP SDK until /v1/mcp is asked). test/http/mcp/mcpServer.test.ts pins
// the version to the SDK's newest.
export const MCP_SERVER_INFO = { name: 'business-discovery-api', version: '1.0.0' };
export const MCP_PROTOCOL_VERSION = '2025-11-25';

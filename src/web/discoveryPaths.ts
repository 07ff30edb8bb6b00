// Where agents find this service: the A2A agent card (A2A 1.0: AGENT_CARD_PATH of its SDKs), the
// MCP Registry's server.json, and the MCP endpoint both point at.
export const AGENT_CARD_PATH = '/.well-known/agent-card.json';
export const SERVER_JSON_PATH = '/server.json';
export const MCP_ENDPOINT_PATH = '/v1/mcp';

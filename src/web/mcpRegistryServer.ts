// server.json for the MCP Registry (schema 2025-12-11): this instance's MCP endpoint as a remote
// server, served at /server.json so an operator publishes it as is (`mcp-publisher publish` reads
// ./server.json). Its name is the reverse-DNS of the public host, the namespace the registry
// verifies by that domain; its tools (names, titles, annotations) come from the operation declarations.
import type { Operation } from '../core/operation';
import { toolAnnotations } from '../core/toolAnnotations';
import { AGENT_SKILL_IDS, AGENT_SKILLS } from '../domain/agentSkills';
import { MCP_SERVER_INFO } from '../mcp/serverInfo';
import { toolsOfSkill } from './agentCard';
import { AGENT_CARD_PATH, MCP_ENDPOINT_PATH } from './discoveryPaths';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** The registry's limit on description and title. */
const REGISTRY_TEXT_LIMIT = 100;

/** `api.example.com` -> `com.example.api`: the registry's namespace for servers reached on that domain. */
export function reverseDnsName(origin: string): string {
  return new URL(origin).hostname.split('.').reverse().join('.');
}

function clipped(text: string): string {
  return text.length <= REGISTRY_TEXT_LIMIT ? text : `${text.slice(0, REGISTRY_TEXT_LIMIT - 1).trimEnd()}…`;
}

export function mcpRegistryServer(operations: readonly Operation[], settings: { origin: string; name: string }) {
  const origin = settings.origin.replace(/\/+$/, '');
  const skills = AGENT_SKILL_IDS.filter((id) => toolsOfSkill(operations, id).length > 0).map((id) => AGENT_SKILLS[id].name.toLowerCase());
  const tools = operations.filter((operation) => operation.mcp);
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: `${reverseDnsName(origin)}/${MCP_SERVER_INFO.name}`,
    title: clipped(settings.name),
    description: clipped(`Local businesses for assistants: ${skills.join(', ')}.`),
    version: MCP_SERVER_INFO.version,
    websiteUrl: `${origin}/docs`,
    remotes: [
      {
        type: 'streamable-http',
        url: `${origin}${MCP_ENDPOINT_PATH}`,
        headers: [
          {
            name: 'Authorization',
            description: 'Bearer and an API key (sk_live_... live data, sk_test_... the sandbox) or an OAuth access token.',
            isRequired: true,
            isSecret: true,
          },
        ],
      },
    ],
    _meta: {
      'io.modelcontextprotocol.registry/publisher-provided': {
        agentCard: `${origin}${AGENT_CARD_PATH}`,
        tools: tools.map((operation) => ({ name: operation.mcp!.tool, ...toolAnnotations(operation) })),
      },
    },
  };
}

// The A2A agent card (A2A 1.0, its JSON form) served at /.well-known/agent-card.json: who this
// service is, its skills and how to reach them. Everything in it is read from the operation
// declarations: a skill is the MCP tools that declare it (`mcp.skill`), their titles, and the scopes
// their access needs. The service speaks MCP, not A2A's own bindings, so its one interface is the
// MCP endpoint (an open-form protocolBinding, as A2A allows) and an extension says how skills map to tools.
import { SCOPES, type Scope } from '../domain/account';
import { AGENT_SKILL_IDS, AGENT_SKILLS, type AgentSkillId } from '../domain/agentSkills';
import type { Operation } from '../core/operation';
import { OAUTH_ROUTES } from '../services/oauth/oauthPaths';
import { SCOPE_WORDS } from '../oauth/pages';
import { MCP_PROTOCOL_VERSION, MCP_SERVER_INFO } from '../mcp/serverInfo';
import { MCP_ENDPOINT_PATH, SERVER_JSON_PATH } from './discoveryPaths';

/** The extension naming the MCP tools behind each skill. */
export const MCP_SKILLS_EXTENSION = `https://modelcontextprotocol.io/specification/${MCP_PROTOCOL_VERSION}`;

export interface AgentCardSettings {
  /** PUBLIC_URL or the request's origin. */
  origin: string;
  /** DIRECTORY_NAME. */
  name: string;
  /** AUTH_URL when the OAuth server runs: the authorization server's metadata is named. */
  oauthIssuer?: string;
}

/** The MCP tools that declare a skill, in declaration order. */
export function toolsOfSkill(operations: readonly Operation[], skill: AgentSkillId): Operation[] {
  return operations.filter((operation) => operation.mcp?.skill === skill);
}

/** The scopes a skill's tools need, in the order of SCOPES. */
function scopesOf(tools: readonly Operation[]): Scope[] {
  const needed = new Set(tools.flatMap((tool) => (tool.access.kind === 'scope' ? [tool.access.scope] : [])));
  return SCOPES.filter((scope) => needed.has(scope));
}

/** Each credential scheme with the scopes listed (A2A's SecurityRequirement: any one of them will do). */
function requirements(schemes: readonly string[], scopes: readonly Scope[]) {
  return schemes.map((scheme) => ({ schemes: { [scheme]: { list: [...scopes] } } }));
}

export function agentCard(operations: readonly Operation[], settings: AgentCardSettings) {
  const origin = settings.origin.replace(/\/+$/, '');
  const issuer = settings.oauthIssuer?.replace(/\/+$/, '');
  const schemes = ['bearer', ...(issuer ? ['oauth2'] : [])];
  const skills = AGENT_SKILL_IDS.map((id) => ({ id, ...AGENT_SKILLS[id], tools: toolsOfSkill(operations, id) })).filter((skill) => skill.tools.length > 0);
  return {
    name: settings.name,
    description: `${settings.name}: local businesses, their profiles, opening hours and bookings, for assistants. Skills are MCP tools at ${origin}${MCP_ENDPOINT_PATH}.`,
    supportedInterfaces: [{ url: `${origin}${MCP_ENDPOINT_PATH}`, protocolBinding: 'MCP', protocolVersion: MCP_PROTOCOL_VERSION }],
    provider: { organization: settings.name, url: origin },
    version: MCP_SERVER_INFO.version,
    documentationUrl: `${origin}/docs`,
    capabilities: {
      streaming: false,
      pushNotifications: false,
      extensions: [
        {
          uri: MCP_SKILLS_EXTENSION,
          description: 'Each skill is called as the MCP tools listed here (tools/call at the MCP interface); server.json describes the server for the MCP Registry.',
          required: true,
          params: {
            endpoint: `${origin}${MCP_ENDPOINT_PATH}`,
            serverJson: `${origin}${SERVER_JSON_PATH}`,
            tools: Object.fromEntries(skills.map((skill) => [skill.id, skill.tools.map((tool) => tool.mcp!.tool)])),
          },
        },
      ],
    },
    securitySchemes: {
      bearer: { httpAuthSecurityScheme: { scheme: 'Bearer', description: 'An API key (sk_live_... for live data, sk_test_... for the sandbox) or an OAuth access token.' } },
      ...(issuer && {
        oauth2: {
          oauth2SecurityScheme: {
            description: 'OAuth 2.0 authorization code for an app a user allows; public clients must use PKCE (S256).',
            oauth2MetadataUrl: `${issuer}/.well-known/oauth-authorization-server`,
            flows: {
              authorizationCode: {
                authorizationUrl: `${issuer}${OAUTH_ROUTES.authorization}`,
                tokenUrl: `${issuer}${OAUTH_ROUTES.token}`,
                refreshUrl: `${issuer}${OAUTH_ROUTES.token}`,
                scopes: { ...SCOPE_WORDS },
              },
            },
          },
        },
      }),
    },
    securityRequirements: requirements(schemes, scopesOf(skills.flatMap((skill) => skill.tools))),
    defaultInputModes: ['application/json'],
    defaultOutputModes: ['application/json'],
    skills: skills.map((skill) => ({
      id: skill.id,
      name: skill.name,
      description: `${skill.description} MCP tools: ${skill.tools.map((tool) => `${tool.mcp!.tool} (${tool.mcp!.title})`).join(', ')}.`,
      tags: [...skill.tags],
      examples: [...skill.examples],
      securityRequirements: requirements(schemes, scopesOf(skill.tools)),
    })),
  };
}

// How agents find the service, fetched over HTTP from the app listening on 127.0.0.1: the A2A
// agent card read by the A2A SDK's own card resolver and kept whole by its AgentCard codec, its
// MCP interface answering the MCP SDK client with the tools the card names, its OAuth metadata;
// and server.json checked against the MCP Registry's published schema (2025-12-11, from the
// registry's own Go module: scripts/engines/mcp-registry/fetch.sh).
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { AGENT_CARD_PATH, AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { apiKey, signUp } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

const REGISTRY_SCHEMA = join(__dirname, '../../../.engines/mcp-registry/server.schema.json');

let app: TestApp;
let server: Server;
let origin: string;

beforeAll(async () => {
  app = await buildTestApp();
  server = createServer(app.callback);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

async function fetchJson(path: string): Promise<{ status: number; type: string | null; cache: string | null; body: any }> {
  const response = await fetch(`${origin}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), body: await response.json() };
}

describe('the A2A agent card', () => {
  it('is where the A2A SDK looks, and its resolver reads it', async () => {
    expect(`/${AGENT_CARD_PATH}`).toBe('/.well-known/agent-card.json');
    const card = await new DefaultAgentCardResolver().resolve(`${origin}/`);
    expect(card.name).toBe('Local business directory');
    expect(card.supportedInterfaces[0]).toEqual({ url: `${origin}/v1/mcp`, protocolBinding: 'MCP', protocolVersion: '2025-11-25', tenant: '' });
  });

  it("survives the SDK's AgentCard codec whole: no field misnamed, mistyped or unknown", async () => {
    const served = await fetchJson('/.well-known/agent-card.json');
    expect(served.status).toBe(200);
    expect(served.type).toMatch(/^application\/json/);
    expect(served.cache).toBe('public, max-age=3600');
    expect(AgentCard.toJSON(AgentCard.fromJSON(served.body))).toEqual(served.body);
    // What A2A 1.0 requires of a card.
    for (const field of ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills']) expect(served.body).toHaveProperty(field);
  });

  it('has the three skills, each naming its MCP tools and the scopes they need', async () => {
    const { body: card } = await fetchJson('/.well-known/agent-card.json');
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual(['find-businesses', 'check-opening', 'book']);
    const scopesOf = (skill: { securityRequirements: Array<{ schemes: Record<string, { list: string[] }> }> }) =>
      skill.securityRequirements.map((requirement) => Object.entries(requirement.schemes).map(([scheme, { list }]) => `${scheme}: ${list.join(' ')}`)[0]);
    const [find, check, book] = card.skills;
    expect(scopesOf(find)).toEqual(['bearer: read:businesses', 'oauth2: read:businesses']);
    expect(scopesOf(check)).toEqual(['bearer: read:businesses', 'oauth2: read:businesses']);
    expect(scopesOf(book)).toEqual(['bearer: read:bookings write:bookings', 'oauth2: read:bookings write:bookings']);
    expect(book.description).toContain('MCP tools: get_availability (Open start times of a service), create_booking (Book a service).');
    expect(card.capabilities.extensions[0].params.tools).toEqual({
      'find-businesses': ['get_business', 'search_businesses', 'list_categories'],
      'check-opening': ['check_open'],
      book: ['get_availability', 'create_booking'],
    });
  });

  it('points at an MCP endpoint that lists exactly the tools its skills name', async () => {
    const { body: card } = await fetchJson('/.well-known/agent-card.json');
    const owner = await signUp(app, 'agent-card-owner');
    const key = (await apiKey(app, owner, 'live')).key;
    const client = new Client({ name: 'a2a-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(card.supportedInterfaces[0].url), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
    try {
      const named = Object.values(card.capabilities.extensions[0].params.tools as Record<string, string[]>).flat().sort();
      expect((await client.listTools()).tools.map((tool) => tool.name).sort()).toEqual(named);
    } finally {
      await client.close();
    }
  });

  it('names the OAuth authorization server, whose metadata answers there with the same endpoints', async () => {
    const { body: card } = await fetchJson('/.well-known/agent-card.json');
    const oauth = card.securitySchemes.oauth2.oauth2SecurityScheme;
    // The test app's issuer (AUTH_URL) is http://localhost:8080: read its metadata from this server.
    const metadataPath = new URL(oauth.oauth2MetadataUrl).pathname;
    expect(metadataPath).toBe('/.well-known/oauth-authorization-server');
    const metadata = (await fetchJson(metadataPath)).body;
    expect(metadata.issuer).toBe('http://localhost:8080');
    // The provider writes its endpoints with the origin the request reached; the card with the issuer's.
    const pathOf = (url: string) => new URL(url).pathname;
    expect(oauth.flows.authorizationCode.authorizationUrl).toBe('http://localhost:8080/oauth/authorize');
    expect(pathOf(oauth.flows.authorizationCode.authorizationUrl)).toBe(pathOf(metadata.authorization_endpoint));
    expect(pathOf(oauth.flows.authorizationCode.tokenUrl)).toBe(pathOf(metadata.token_endpoint));
    expect(Object.keys(oauth.flows.authorizationCode.scopes).sort()).toEqual(
      ['read:analytics', 'read:bookings', 'read:businesses', 'read:reviews', 'write:bookings', 'write:businesses', 'write:reviews'],
    );
  });

  it('leaves OAuth out where the OAuth server does not run', async () => {
    const plain = await buildTestApp({ oauth: undefined });
    try {
      const listening = createServer(plain.callback);
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      const response = await fetch(`http://127.0.0.1:${(listening.address() as AddressInfo).port}/.well-known/agent-card.json`);
      const card = await response.json();
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
      expect(Object.keys(card.securitySchemes)).toEqual(['bearer']);
      expect(card.securityRequirements).toEqual([{ schemes: { bearer: { list: ['read:businesses', 'read:bookings', 'write:bookings'] } } }]);
    } finally {
      await plain.close();
    }
  });
});

describe('server.json for the MCP Registry', () => {
  it("validates against the registry's published schema (2025-12-11)", async () => {
    const served = await fetchJson('/server.json');
    expect(served.status).toBe(200);
    const schema = JSON.parse(readFileSync(REGISTRY_SCHEMA, 'utf8'));
    expect(schema.$id).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    const validate = ajv.compile(schema);
    expect({ valid: validate(served.body), errors: validate.errors ?? null }).toEqual({ valid: true, errors: null });
    expect(served.body.$schema).toBe(schema.$id);
  });

  it('the same schema refuses a server.json that breaks it (the check can fail)', () => {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(REGISTRY_SCHEMA, 'utf8')));
    expect(validate({ name: 'no-slash', description: 'x', version: '1.0.0' })).toBe(false);
    expect(validate({ name: 'io.example/x', description: 'x'.repeat(101), version: '1.0.0' })).toBe(false);
  });

  it('names the MCP endpoint as a streamable-http remote under the reverse DNS of its host, with each tool\'s annotations', async () => {
    const { body } = await fetchJson('/server.json');
    expect(body.name).toBe('1.0.0.127/business-discovery-api');
    expect(body.remotes).toEqual([
      expect.objectContaining({ type: 'streamable-http', url: `${origin}/v1/mcp`, headers: [expect.objectContaining({ name: 'Authorization', isRequired: true, isSecret: true })] }),
    ]);
    expect(body.description).toBe('Local businesses for assistants: find businesses, check opening, book.');
    const tools = body._meta['io.modelcontextprotocol.registry/publisher-provided'].tools;
    expect(tools.find((tool: { name: string }) => tool.name === 'create_booking')).toEqual({
      name: 'create_booking',
      title: 'Book a service',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
  });
});

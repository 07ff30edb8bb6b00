// A new read operation is one declaration: this throwaway one, declared once with its schemas,
// appears on REST (and in OpenAPI), as an MCP tool and as a GraphQL field, with the same schema
// on each, and answers the same data through each. Its types come from the schemas: each expected
// type error below fails `npm run typecheck` should the inference stop working.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { graphql } from 'graphql';
import Koa from 'koa';
import request from 'supertest';
import Type from 'typebox';
import { operationsOver } from '../../src/core/declareOperation';
import { PUBLIC, scope, type Operation } from '../../src/core/operation';
import { buildGraphqlSchema } from '../../src/graphql/graphqlSchema';
import { jsonBody } from '../../src/http/jsonBody';
import { restOperationRoutes } from '../../src/http/restOperations';
import { createMcpServer } from '../../src/mcp/mcpServer';
import { operationPaths } from '../../src/openapi/operationPaths';
import { defaulted } from '../../src/schemas/parts/defaulted';
import { businessIdSchema } from '../../src/schemas/parts/ids';
import { limitSchema } from '../../src/schemas/parts/paging';
import { stringEnum } from '../../src/schemas/parts/stringEnum';
import { credentialFreeInvoke } from '../support/credentialFreeInvoke';

const services = { notes: async (businessId: string, lang: 'en' | 'fr', limit: number) => Array.from({ length: limit }, (_, index) => `${lang}:${businessId}:${index + 1}`) };
const operation = operationsOver<typeof services>();

const noteQuerySchema = Type.Object({ lang: defaulted(stringEnum(['en', 'fr'], { default: 'en' })), limit: limitSchema(5, 2) }, { additionalProperties: false });
const notesSchema = Type.Object({ businessId: Type.String(), notes: Type.Array(Type.String()) });

const readNotes = operation({
  name: 'readNotes',
  access: PUBLIC,
  rateLimit: 'none',
  input: { path: ['businessId'], query: noteQuerySchema },
  output: { name: 'Notes', schema: notesSchema },
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/notes/{businessId}' },
  docs: { tag: 'Test', summary: 'Notes of a business', successDescription: 'The notes.' },
  mcp: { tool: 'read_notes', title: 'Read notes', description: 'Notes of a business.' },
  graphql: { field: 'notes', on: 'Query', description: 'Notes of a business.', cost: 1 },
  run: async ({ notes }, { principal, input }) => {
    // A public operation's caller may be absent (a closure never called: the type is what is tested).
    // @ts-expect-error principal is possibly undefined
    void (() => principal.accountId);
    // @ts-expect-error the query schema's lang is 'en' | 'fr', not any string
    const other: 'de' = input.query.lang;
    void other;
    const business: string = input.path.businessId;
    return { data: { businessId: business, notes: await notes(business, input.query.lang, input.query.limit) } };
  },
});

it('types the answer by the output schema, and the caller by the declared access', () => {
  const declaration = { name: 'wrong', access: PUBLIC, rateLimit: 'none', input: {}, output: { name: 'Notes', schema: notesSchema }, errors: [], docs: readNotes.docs } as const;
  operation({
    ...declaration,
    // @ts-expect-error notes is missing from the answer
    run: async () => ({ data: { businessId: 'biz_throwaway01' } }),
  });
  const scoped = operation({
    name: 'scoped',
    access: scope('read:businesses'),
    rateLimit: 'general',
    input: {},
    errors: [],
    docs: { tag: 'Test', summary: 'scoped', successDescription: 'ok' },
    // A scoped operation always has its caller.
    run: async (_services, { principal }) => ({ data: principal.accountId }),
  });
  expect(scoped.access).toEqual({ kind: 'scope', scope: 'read:businesses' });
});

const operations: Operation<typeof services>[] = [readNotes];
const invoke = credentialFreeInvoke<typeof services>(services);
const businessId = 'biz_throwaway01';
const expected = { businessId, notes: ['fr:biz_throwaway01:1', 'fr:biz_throwaway01:2', 'fr:biz_throwaway01:3'] };

it('is a REST route with its OpenAPI operation: the path id pattern and the query schema as declared', async () => {
  const app = new Koa();
  app.use(restOperationRoutes(operations, { invoke, jsonBody: jsonBody(1024) }).routes());
  const response = await request(app.callback()).get(`/notes/${businessId}?lang=fr&limit=3`).set('X-Request-ID', 'req_notes');
  expect(response.status).toBe(200);
  expect(response.body.data).toEqual(expected);
  expect((await request(app.callback()).get('/notes/not-an-id')).body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'businessId' } });

  const path = operationPaths(operations)['/notes/{businessId}'].get as { parameters: Array<{ name?: string; schema?: unknown; $ref?: string }>; responses: Record<string, unknown> };
  expect(path.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/BusinessId' }, expect.objectContaining({ name: 'lang', schema: noteQuerySchema.properties.lang })]));
  expect(Object.keys(path.responses)).toContain('404');
});

it('is an MCP tool whose arguments are the path id and the query, each the schema REST checks', async () => {
  const server = createMcpServer({
    operations: operations as ReadonlyArray<Operation>,
    invoke: invoke as never,
    source: { caller: () => ({ authorization: undefined, address: '127.0.0.1' }), clientName: () => 'test', origin: () => 'http://localhost', requestId: () => 'req_mcp' },
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'declared-operation-test', version: '1' });
  await client.connect(clientSide);
  try {
    const [tool] = (await client.listTools()).tools;
    expect(tool.name).toBe('read_notes');
    expect(tool.inputSchema).toEqual(
      JSON.parse(JSON.stringify({ type: 'object', additionalProperties: false, required: ['businessId'], properties: { businessId: businessIdSchema, ...noteQuerySchema.properties } })),
    );
    expect(tool.outputSchema).toEqual(JSON.parse(JSON.stringify(notesSchema)));
    const result = await client.callTool({ name: 'read_notes', arguments: { businessId, lang: 'fr', limit: 3 } });
    expect(result.structuredContent).toEqual(expected);
    const refused = await client.callTool({ name: 'read_notes', arguments: { businessId: 'not-an-id' } });
    expect(JSON.parse((refused.content as Array<{ text: string }>)[0].text).error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'businessId' } });
  } finally {
    await client.close();
  }
});

it('is a GraphQL field whose arguments are the path id and the query parameters', async () => {
  const schema = buildGraphqlSchema<object>(operations as ReadonlyArray<Operation>, async (operation, args) => {
    const answer = await invoke(operation as Operation<typeof services>, {
      caller: { authorization: undefined, address: '127.0.0.1' },
      input: operation.graphql!.toInput(args),
      transport: 'graphql',
      requestId: 'req_graphql',
      origin: 'http://localhost',
    });
    return (answer.body as { data: unknown }).data;
  });
  const field = schema.getQueryType()!.getFields().notes;
  expect(field.args.map((arg) => `${arg.name}: ${String(arg.type)}`)).toEqual(['businessId: ID!', 'lang: String', 'limit: Int']);
  const result = await graphql({ schema, source: `{ notes(businessId: "${businessId}", lang: "fr", limit: 3) { businessId notes } }`, contextValue: {} });
  expect(result).toEqual({ data: { notes: expected } });
});

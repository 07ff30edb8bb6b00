// One operation, one definition: every declared operation appears in the OpenAPI
// document and the route table, and every MCP tool and GraphQL field answers with exactly the
// schema its operation (or its declared view) names. A test that fails when a copy drifts.
import type { SchemaObject } from 'ajv';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { getNamedType, GraphQLNonNull, GraphQLObjectType, type GraphQLField, GraphQLUnionType } from 'graphql';
import type { Invoke } from '../../../src/core/invoke';
import type { Operation } from '../../../src/core/operation';
import { buildGraphqlSchema } from '../../../src/graphql/graphqlSchema';
import { ROUTE_ACCESS } from '../../../src/http/routeScopes';
import { createMcpServer } from '../../../src/mcp/mcpServer';
import { buildOpenApiDocument } from '../../../src/openapi/openApiDocument';
import { OPERATIONS } from '../../../src/operations/registry';

const operations = OPERATIONS as ReadonlyArray<Operation>;
const document = buildOpenApiDocument() as { paths: Partial<Record<string, Partial<Record<string, { operationId: string; security?: unknown }>>>> };

describe('every declared operation', () => {
  it.each(operations.map((operation) => [operation.name, operation] as const))('%s has an OpenAPI operation and an access rule', (_name, operation) => {
    expect(operation.http).toBeDefined();
    const { method, path } = operation.http!;
    expect(document.paths[path]?.[method.toLowerCase()]?.operationId).toBe(operation.name);
    expect(ROUTE_ACCESS[`${method} ${path}`]).toEqual(operation.access);
  });

  it('has a name of its own, and so does every tool and field', () => {
    const names = (pick: (operation: Operation) => string | undefined) => operations.map(pick).filter((name): name is string => name !== undefined);
    for (const list of [names((operation) => operation.name), names((operation) => operation.mcp?.tool), names((operation) => operation.graphql?.field)]) {
      expect(new Set(list).size).toBe(list.length);
    }
  });
});

describe('MCP tools', () => {
  const exposed = operations.filter((operation) => operation.mcp);

  it('list exactly the declared input and output schemas (as a client sees them in tools/list)', async () => {
    const invoke = (async () => ({ status: 500, headers: {} })) as Invoke<unknown>;
    const server = createMcpServer({
      operations,
      invoke,
      source: { caller: () => ({ authorization: undefined, address: '127.0.0.1' }), clientName: () => undefined, origin: () => 'http://localhost', requestId: () => 'req_test' },
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'registry-test', version: '1' });
    await client.connect(clientSide);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name).sort()).toEqual(exposed.map((operation) => operation.mcp!.tool).sort());
      for (const operation of exposed) {
        const tool = tools.find((one) => one.name === operation.mcp!.tool)!;
        const declared = (operation.mcp!.view?.output ?? operation.output)!.schema;
        expect(tool.outputSchema).toEqual(JSON.parse(JSON.stringify(declared)));
        expect(tool.inputSchema).toEqual(JSON.parse(JSON.stringify(operation.mcp!.args)));
      }
      // get_business answers what REST's getProfile answers: the same schema, no copy.
      const getBusiness = exposed.find((operation) => operation.mcp!.tool === 'get_business')!;
      expect(getBusiness.name).toBe('getProfile');
      expect(getBusiness.mcp!.view).toBeUndefined();
    } finally {
      await client.close();
    }
  });
});

describe('GraphQL fields', () => {
  const schema = buildGraphqlSchema(operations, async () => null);
  const fields = { ...schema.getQueryType()!.getFields(), ...(schema.getType('Business') as GraphQLObjectType).getFields() };

  /** The GraphQL type of `field` has the properties of `declared`, non-null exactly where they are required (one level down too). */
  function expectSameShape(field: GraphQLField<unknown, unknown>, declared: SchemaObject, depth = 0): void {
    const type = getNamedType(field.type);
    if (type instanceof GraphQLUnionType || !(type instanceof GraphQLObjectType) || !declared.properties) return;
    const properties = declared.properties as Record<string, SchemaObject>;
    const own = Object.fromEntries(Object.entries(type.getFields()).filter(([name]) => name in properties));
    expect(Object.keys(own).sort()).toEqual(Object.keys(properties).sort());
    const required = new Set((declared.required ?? []) as string[]);
    for (const [name, inner] of Object.entries(own)) {
      const nullable = [properties[name].type].flat().includes('null') || (properties[name].anyOf ?? []).some((branch: SchemaObject) => branch.type === 'null');
      expect([name, inner.type instanceof GraphQLNonNull]).toEqual([name, required.has(name) && !nullable]);
      if (depth < 1) expectSameShape(inner, properties[name].type === 'array' ? properties[name].items : properties[name], depth + 1);
    }
  }

  it.each(operations.filter((operation) => operation.graphql).map((operation) => [operation.graphql!.field, operation] as const))(
    '%s answers with the fields of its declared schema',
    (name, operation) => {
      expect(fields[name]).toBeDefined();
      expectSameShape(fields[name], (operation.graphql!.view?.output ?? operation.output)!.schema);
    },
  );

  it('uses no JSON scalar where a schema describes the value', () => {
    expect(schema.getType('JSON')).toBeUndefined();
  });
});

// openapi/operationPaths.ts: what a declaration's HTTP binding makes of its success answer.
import { defineOperation, PUBLIC, scope } from '../../src/core/operation';
import { documentOperation } from '../../src/openapi/operationPaths';

const output = { name: 'Totals', schema: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } } };
const declared = defineOperation<object>({
  name: 'totals',
  access: scope('read:analytics'),
  rateLimit: 'analytics',
  input: {},
  output,
  http: { method: 'GET', path: '/totals' },
  docs: { tag: 'Analytics', summary: 'Totals', successDescription: 'The totals.' },
  run: async () => ({ data: { total: 1 } }),
});

const successOf = (operation: Record<string, unknown>) => (operation.responses as Record<string, { content?: unknown }>)[200];

it('wraps the output in the envelope by default, naming its component', () => {
  const schema = (successOf(documentOperation(declared)).content as Record<string, { schema: { properties: Record<string, unknown> } }>)['application/json'].schema;
  expect(schema.properties.data).toEqual({ $ref: '#/components/schemas/Totals' });
});

it('documents a bare answer (envelope: false) as the output schema itself', () => {
  const bare = { ...declared, http: { method: 'GET' as const, path: '/totals', envelope: false } };
  expect(successOf(documentOperation(bare)).content).toEqual({ 'application/json': { schema: output.schema } });
});

it('lets declared content win over the output (bytes, a document)', () => {
  const content = { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } };
  const binary = { ...declared, access: PUBLIC, output: undefined, http: { method: 'GET' as const, path: '/file', envelope: false }, docs: { ...declared.docs, successContent: content } };
  expect(successOf(documentOperation(binary)).content).toEqual(content);
});

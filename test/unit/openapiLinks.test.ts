// OpenAPI links: every creating operation links to the operations that take the id it
// answers, each link names a real operation and fills every path parameter that operation needs,
// from a field the creating answer documents or a path parameter of the creating request.
import { buildOpenApiDocument } from '../../src/openapi/openApiDocument';

type Json = Record<string, any>;
const doc = buildOpenApiDocument() as Json;
const resolve = (node: Json): Json =>
  node.$ref ? resolve(node.$ref.slice(2).split('/').reduce((at: Json, key: string) => at[key], doc)) : node;
const operations = new Map<string, { path: string; op: Json }>();
for (const [path, item] of Object.entries(doc.paths as Json)) for (const op of Object.values(item as Json)) operations.set(op.operationId, { path, op });

function linksOf(operationId: string): Record<string, Json> {
  const { op } = operations.get(operationId)!;
  const success = Object.keys(op.responses).find((status) => /^2/.test(status))!;
  return success ? (resolve(op.responses[success]).links ?? {}) : {};
}

/** The schema at a JSON pointer into an answer, walking the documented properties. */
function schemaAt(operationId: string, pointer: string): Json | undefined {
  const { op } = operations.get(operationId)!;
  const success = Object.keys(op.responses).find((status) => /^2/.test(status))!;
  let schema: Json | undefined = resolve(op.responses[success]).content['application/json'].schema;
  for (const key of pointer.split('/').slice(1)) schema = schema && resolve(schema).properties?.[key];
  return schema && resolve(schema);
}

it('links each creating operation to the operations that take its id', () => {
  const targets = (operationId: string) => Object.values(linksOf(operationId)).map((link) => link.operationId).sort();
  expect(targets('uploadMedia')).toEqual(['deleteMedia', 'getMedia']);
  expect(targets('createReview')).toEqual(['getReview', 'moderateReview', 'replyToReview', 'updateReview']);
  expect(targets('addService')).toEqual(['deleteService', 'getAvailability', 'updateService']);
  expect(targets('requestVerification')).toEqual(['decideVerification']);
  expect(targets('createBooking')).toEqual(['getBooking', 'updateBooking']);
  expect(targets('createProfile')).toContain('getProfile');
});

it('fills every path parameter of the target from the answer or the creating request', () => {
  let checked = 0;
  for (const [from, { path: fromPath }] of operations) {
    for (const [name, link] of Object.entries(linksOf(from))) {
      const target = operations.get(link.operationId);
      expect([name, target !== undefined]).toEqual([name, true]);
      const pathParameters = (target!.op.parameters ?? []).map(resolve).filter((parameter: Json) => parameter.in === 'path').map((parameter: Json) => parameter.name).sort();
      expect([name, Object.keys(link.parameters).sort()]).toEqual([name, pathParameters]);
      for (const expression of Object.values(link.parameters as Record<string, string>)) {
        if (expression.startsWith('$response.body#')) {
          expect([name, expression, schemaAt(from, expression.slice('$response.body#'.length))?.type]).toEqual([name, expression, 'string']);
        } else {
          expect([name, expression, fromPath.includes(`{${expression.replace('$request.path.', '')}}`)]).toEqual([name, expression, true]);
        }
        checked += 1;
      }
    }
  }
  expect(checked).toBeGreaterThan(35);
});

// supertest's request method for an HTTP method known only at run time (a route table's
// "GET /path", a conformance case), found by name so the call stays typed.
const VERBS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export type HttpVerb = (typeof VERBS)[number];

export function verbOf(method: string): HttpVerb {
  const verb = VERBS.find((candidate) => candidate === method.toLowerCase());
  if (!verb) throw new Error(`supertest has no method for ${method}`);
  return verb;
}

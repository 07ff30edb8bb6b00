// A tool that answers what a REST route answers declares the REST response JSON Schema as its
// output schema (issue 30), converted to the zod schema the SDK's registerTool takes; the SDK turns
// it back into the JSON Schema clients read in tools/list and validate structuredContent with. One
// definition, so a field the REST API adds cannot make the tool's answer fail a client's validation
// (a hand-written zod copy refused aiVisibilityScore, media, createdAt and updatedAt).
import type { SchemaObject } from 'ajv';
import * as z from 'zod';

export function restOutputSchema(schema: SchemaObject) {
  return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
}

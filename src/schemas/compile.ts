// The two ajv instances every request schema is compiled with, and a cache so each schema
// is compiled once (at start-up, when the route table is built), never per request.
// JSON Schema 2020-12 is the dialect of OpenAPI 3.1, so the same objects feed the document.
import Ajv2020 from 'ajv/dist/2020';
import type { SchemaObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { addSchemaKeywords } from './keywords';

/** body: JSON as sent; query: strings coerced; output: an answer checked as it is (no defaults added). */
export type SchemaMode = 'body' | 'query' | 'output';

function createAjv(mode: SchemaMode): Ajv2020 {
  const ajv = new Ajv2020({
    // The first failure is what the client is told about; collecting all costs time for nothing.
    allErrors: false,
    // Unknown keywords and type slips in our own schemas fail at start-up, not in production.
    strict: true,
    // `required` is sometimes stated beside a discriminator, away from the properties.
    strictRequired: false,
    allowUnionTypes: true,
    discriminator: true,
    useDefaults: mode !== 'output',
    // Query strings carry only strings; bodies are JSON and must arrive with the right types.
    coerceTypes: mode === 'query' ? 'array' : false,
    // parentSchema on every error lets the issue text use bounds and x-issue.
    verbose: true,
  });
  // full: `date` checks the calendar (no 2025-02-30), `email` and `uri` are the strict variants.
  addFormats(ajv, { mode: 'full', formats: ['date', 'date-time', 'email', 'uri'] });
  addSchemaKeywords(ajv);
  return ajv;
}

// One instance per mode for the whole process: they hold only compiled schemas, no request state.
const instances: Record<SchemaMode, Ajv2020> = { body: createAjv('body'), query: createAjv('query'), output: createAjv('output') };
const compiled: Record<SchemaMode, WeakMap<SchemaObject, ValidateFunction>> = {
  body: new WeakMap(),
  query: new WeakMap(),
  output: new WeakMap(),
};

/** The validator for `schema` in `mode`, compiled on first use and reused after. */
export function compileSchema(schema: SchemaObject, mode: SchemaMode): ValidateFunction {
  let validate = compiled[mode].get(schema);
  if (!validate) {
    validate = instances[mode].compile(schema);
    compiled[mode].set(schema, validate);
  }
  return validate;
}

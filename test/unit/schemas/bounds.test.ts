// Every string a client sends is bounded in length (or limited to listed values) and every
// array in size, so no request can make the service store or scan unbounded input.
import type { SchemaObject } from 'ajv';
import { REQUEST_SCHEMAS } from '../../../src/schemas/catalogue';
import { removeBlackoutDatesQuerySchema } from '../../../src/schemas/endpoints/blackoutDates';
import { directoryQuerySchema } from '../../../src/schemas/endpoints/directory';
import { mediaUploadFieldsSchema } from '../../../src/schemas/endpoints/media';
import { partnerSearchQuerySchema } from '../../../src/schemas/endpoints/partnerSearch';
import { profileStatusQuerySchema } from '../../../src/schemas/endpoints/profile';
import { queryIssue } from './expectIssue';

const ALL: Record<string, SchemaObject> = {
  ...REQUEST_SCHEMAS,
  directoryQuery: directoryQuerySchema,
  partnerSearchQuery: partnerSearchQuerySchema,
  profileStatusQuery: profileStatusQuerySchema,
  removeBlackoutDatesQuery: removeBlackoutDatesQuerySchema,
  mediaUploadFields: mediaUploadFieldsSchema,
};

function types(schema: SchemaObject): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

function unbounded(schema: SchemaObject, path: string, out: string[]): string[] {
  const listed = schema.enum !== undefined || schema.const !== undefined;
  if (types(schema).includes('string') && schema.maxLength === undefined && !listed) out.push(`${path}: string without maxLength`);
  if (types(schema).includes('array') && schema.maxItems === undefined) out.push(`${path}: array without maxItems`);
  // A oneOf of objects is closed by its branches, which are checked below.
  const closed = schema.additionalProperties === false || schema.oneOf !== undefined;
  if (types(schema).includes('object') && !closed) out.push(`${path}: object open to unknown properties`);
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, SchemaObject>)) unbounded(child, `${path}.${name}`, out);
  if (schema.items) unbounded(schema.items, `${path}[]`, out);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    (schema[key] as SchemaObject[] | undefined)?.forEach((branch, index) => unbounded(branch, `${path}/${key}/${index}`, out));
  }
  return out;
}

describe('request schema bounds', () => {
  it.each(Object.keys(ALL))('%s bounds every string and array and closes every object', (name) => {
    expect(unbounded(ALL[name]!, name, [])).toEqual([]);
  });
  it('reads an empty query number as a wrong value, not as a silent zero', async () => {
    expect((await queryIssue(directoryQuerySchema, { limit: '' })).field).toBe('limit');
  });
});

// Response shapes shared by many endpoints (spec 2.1, 2.6). Documentation only: responses
// are built by the services, so these stay open to added fields.
import type { SchemaObject } from 'ajv';
import Type from 'typebox';

export const timestampSchema = Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' });

export const metaSchema: SchemaObject = {
  type: 'object',
  required: ['timestamp', 'requestId'],
  properties: {
    timestamp: timestampSchema,
    requestId: { type: 'string', description: 'Echo of X-Request-ID: the caller\'s when it was valid, else req_<id>.' },
  },
};

export const errorDetailsSchema: SchemaObject = {
  type: 'object',
  properties: {
    field: { type: 'string', description: 'First offending field as a dotted path, e.g. location.coordinates.lat or services.0.pricing.currency.' },
    issue: { type: 'string', description: 'What is wrong, in plain words, e.g. "must be between -90 and 90".' },
    requiredScope: { type: 'string', description: '403 for a missing scope: the scope the operation requires (details.field is then `scope`).' },
  },
};

export const deletedSchema: SchemaObject = {
  type: 'object',
  required: ['id', 'deleted'],
  properties: { id: { type: 'string' }, deleted: { type: 'boolean', const: true } },
};

export const offsetPaginationSchema: SchemaObject = {
  type: 'object',
  required: ['offset', 'limit', 'hasMore'],
  properties: {
    offset: { type: 'integer' },
    limit: { type: 'integer' },
    total: { type: 'integer' },
    hasMore: { type: 'boolean' },
  },
};

// Response shapes shared by many endpoints (spec 2.1, 2.6). Documentation only: responses
// are built by the services, so these stay open to added fields.
import Type from 'typebox';

export const timestampSchema = Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' });

export const metaSchema = Type.Object({
  timestamp: timestampSchema,
  requestId: Type.String({ description: 'Echo of X-Request-ID: the caller\'s when it was valid, else req_<id>.' }),
});

export const errorDetailsSchema = Type.Object({
  field: Type.Optional(Type.String({ description: 'First offending field as a dotted path, e.g. location.coordinates.lat or services.0.pricing.currency.' })),
  issue: Type.Optional(Type.String({ description: 'What is wrong, in plain words, e.g. "must be between -90 and 90".' })),
  requiredScope: Type.Optional(Type.String({ description: '403 for a missing scope: the scope the operation requires (details.field is then `scope`).' })),
});

export const deletedSchema = Type.Object({ id: Type.String(), deleted: Type.Literal(true, { type: 'boolean' }) });

export const offsetPaginationProperties = {
  offset: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Optional(Type.Integer()),
  hasMore: Type.Boolean(),
};

export const offsetPaginationSchema = Type.Object(offsetPaginationProperties);

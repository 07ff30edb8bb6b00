// The GraphQL read API: one POST operation; the schema itself is printed by
// `npm run graphql:schema` and answered to introspection.
import { MAX_QUERY_BYTES, MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_FIELDS, MAX_SAME_NAME } from '../../graphql/queryLimitValues';
import { operation } from '../operation';

const graphqlError = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string' },
    path: { type: 'array', items: { type: ['string', 'integer'] } },
    locations: { type: 'array', items: { type: 'object' } },
    extensions: {
      type: 'object',
      properties: { code: { type: 'string', description: 'One of the API\'s error codes (VALIDATION_ERROR, UNAUTHORIZED, FORBIDDEN, PROFILE_NOT_FOUND, RATE_LIMITED, INTERNAL_ERROR, ...).' }, details: { type: 'object' } },
    },
  },
};

const graphqlAnswer = {
  type: 'object',
  properties: { data: { type: ['object', 'null'] }, errors: { type: 'array', items: graphqlError } },
};

const refusalSchema = { schema: { type: 'object', required: ['errors'], properties: { errors: { type: 'array', items: graphqlError } } } };
// A refusal of the query itself is in the media type asked for; one before Yoga (credential, limits) is JSON.
const refusal = (description: string, graphqlMediaType = false) => ({
  description,
  content: { 'application/json': refusalSchema, ...(graphqlMediaType && { 'application/graphql-response+json': refusalSchema }) },
});

export function graphqlPaths() {
  const post = operation({
    operationId: 'graphqlQuery',
    tag: 'GraphQL',
    summary: 'Run a GraphQL query (read only)',
    description:
      'Queries business(id), search (consumer search), directory, myBusinesses and the four analytics results (upstreamMetrics, intentJourneys, ' +
      'attribution, benchmarks). Read only: there are no mutations; writes go through REST. The route needs read:businesses; each field checks ' +
      'the scope, ownership and rate-limit area of the REST route it mirrors (analytics fields read:analytics and the analytics area; search ' +
      'and directory the search area). Field refusals come back as errors[] with extensions.code beside the data that was allowed (HTTP 200). ' +
      `Limits, checked before anything runs: a query text of at most ${MAX_QUERY_BYTES} bytes (before parsing), at most ${MAX_QUERY_DEPTH} levels deep, ` +
      `${MAX_QUERY_FIELDS} fields (aliases and fragments expanded), one response name at most ${MAX_SAME_NAME} times in a selection set, and a cost of ${MAX_QUERY_COST} ` +
      '(search and each analytics field 10, directory 5, myBusinesses 2, business 1). A query refused as a whole (syntax, unknown field, limits) ' +
      'answers 200 with only errors when Accept is application/json, 400 when it is application/graphql-response+json. A body that is not a ' +
      'GraphQL-over-HTTP request (no query string; variables or extensions not an object; operationName not a string) and a query text over ' +
      'the size limit are 400 whatever the Accept. No GraphiQL; GET is 405.',
    access: 'credential',
    parameters: ['XAiPlatform'],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['query'],
            properties: { query: { type: 'string' }, variables: { type: ['object', 'null'] }, operationName: { type: ['string', 'null'] } },
          },
        },
      },
    },
    success: { status: 200, description: 'data and, for refused fields, errors.', content: { 'application/json': { schema: graphqlAnswer }, 'application/graphql-response+json': { schema: graphqlAnswer } } },
    errors: [413, 415],
  });
  const responses = { ...(post.responses as Record<string, unknown>) };
  // Refusals before the query runs are in GraphQL's errors shape, not the envelope.
  responses[400] = refusal(
    'A body that is not a GraphQL-over-HTTP request (not JSON, no `query` string, ...) or a query text over the size limit; with Accept: ' +
      'application/graphql-response+json also a query refused as a whole: a syntax error, an unknown field, a limit.',
    true,
  );
  responses[401] = refusal('Missing or invalid credential (WWW-Authenticate: Bearer).');
  responses[403] = refusal('The credential lacks read:businesses, or the account is suspended.');
  responses[429] = refusal('A rate-limit area of the query is exhausted (Retry-After).');
  return { '/graphql': { post: { ...post, responses } } };
}

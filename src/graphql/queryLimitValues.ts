// The GraphQL read API's limits (why each is what it is: queryLimits.ts), apart from the code that
// checks them, so the request reader and the OpenAPI document can name them without loading graphql.

/** Bytes of the query text (UTF-8), checked before parsing (graphqlRequest.ts): about five times the standard introspection query. */
export const MAX_QUERY_BYTES = 8192;
export const MAX_QUERY_DEPTH = 15;
export const MAX_QUERY_COST = 30;
/** Every field selected, aliases and fragments expanded: bounds the answer's size. */
export const MAX_QUERY_FIELDS = 500;
/** Fields with one response name in one selection set, fragments expanded. */
export const MAX_SAME_NAME = 32;

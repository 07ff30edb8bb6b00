// `npm run graphql:schema`: prints the GraphQL read API's schema (SDL) as the server serves it,
// generated from the declared operations (src/operations).
import { printSchema } from 'graphql';
import { buildGraphqlSchema } from '../src/graphql/graphqlSchema';
import { OPERATIONS } from '../src/operations/registry';

process.stdout.write(`${printSchema(buildGraphqlSchema(OPERATIONS, async () => null))}\n`);

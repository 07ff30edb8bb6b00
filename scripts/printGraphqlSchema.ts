// `npm run graphql:schema`: prints the GraphQL read API's schema (SDL) as the server serves it.
import { printSchema } from 'graphql';
import { createSchema } from 'graphql-yoga';
import { typeDefs } from '../src/graphql/typeDefs';

process.stdout.write(`${printSchema(createSchema({ typeDefs }))}\n`);

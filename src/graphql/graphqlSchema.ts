// The executable schema: the SDL of typeDefs.ts with the resolvers bound to the services.
import { createSchema } from 'graphql-yoga';
import { createResolvers, type GraphqlContext, type GraphqlServices } from './resolvers';
import { typeDefs } from './typeDefs';

export function buildGraphqlSchema(services: GraphqlServices) {
  return createSchema<GraphqlContext>({ typeDefs, resolvers: createResolvers(services) });
}

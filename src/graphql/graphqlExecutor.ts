// The GraphQL executor behind POST /v1/graphql (graphqlHttp.ts): the schema built from the declared
// operations, each field a call of its operation through invoke, and Yoga running queries with the
// query limits (queryLimits.ts) and our error codes. Loaded by the first GraphQL request.
import { GraphQLError } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { dataOf, refusalOf } from '../core/answer';
import { toWire } from '../core/wire';
import type { Invoke } from '../core/invoke';
import type { Operation } from '../core/operation';
import type { RateLimitDecision } from '../ports/rateLimiter';
import { AI_PLATFORM_HEADER } from '../domain/analytics/aiPlatform';
import { DomainError } from '../domain/errors';
import type { Principal } from '../domain/principal';
import type { RateLimitArea } from '../domain/rateLimitTiers';
import type { Logger } from '../logger';
import { buildGraphqlSchema } from './graphqlSchema';
import { queryLimitErrors } from './queryLimits';

/** One GraphQL request: who asks, from where, and the rate-limit areas it has counted. */
export interface RequestContext {
  principal: Principal;
  address: string;
  requestId: string;
  origin: string;
  header(name: string): string | undefined;
  rateLimit(principal: Principal | undefined, area: RateLimitArea): Promise<RateLimitDecision | undefined>;
}

export type GraphqlExecutor = YogaServerInstance<RequestContext, {}>;

const limitsPlugin: Plugin = {
  onValidate({ params, setResult }) {
    const errors = queryLimitErrors(params.documentAST);
    if (errors.length > 0) setResult(errors);
  },
};

export function createGraphqlExecutor(deps: { operations: ReadonlyArray<Operation>; invoke: Invoke<unknown>; logger: Logger }): GraphqlExecutor {
  const { invoke, logger } = deps;
  const schema = buildGraphqlSchema<RequestContext>(deps.operations, async (operation, args, context) => {
    const exposure = operation.graphql!;
    const answer = await invoke(operation, {
      caller: { principal: context.principal, address: context.address },
      input: exposure.toInput(args),
      transport: 'graphql',
      requestId: context.requestId,
      origin: context.origin,
      header: context.header,
      platformHint: () => context.header(AI_PLATFORM_HEADER),
      rateLimit: context.rateLimit,
    });
    const refusal = refusalOf(answer);
    if (refusal) throw refusal;
    const data = dataOf(answer);
    return exposure.view ? exposure.view.present(data, answer.detail) : data;
  });

  return createYoga<RequestContext>({
    schema,
    graphqlEndpoint: '/v1/graphql',
    graphiql: false,
    // Unexpected errors are logged once, by invoke or maskError below; refusals are answers, not incidents.
    logging: false,
    landingPage: false,
    plugins: [limitsPlugin],
    maskedErrors: {
      maskError(error) {
        const original = error instanceof GraphQLError ? error.originalError : error;
        const graphqlError = error instanceof GraphQLError ? error : undefined;
        if (original instanceof DomainError) {
          const wire = toWire(original, 'graphql');
          return new GraphQLError(wire.message, { nodes: graphqlError?.nodes, path: graphqlError?.path, extensions: wire.extensions });
        }
        // Syntax and validation errors carry no original error: shown as they are, with our code.
        if (graphqlError && !original) return new GraphQLError(graphqlError.message, { nodes: graphqlError.nodes, extensions: { ...graphqlError.extensions, code: 'VALIDATION_ERROR' } });
        logger.error({ err: original ?? error }, 'GraphQL resolver failed');
        return new GraphQLError('Internal error', { path: graphqlError?.path, extensions: { code: 'INTERNAL_ERROR' } });
      },
    },
  });
}

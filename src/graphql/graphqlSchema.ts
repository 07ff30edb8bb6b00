// The GraphQL schema, generated from the operations that declare a GraphQL exposure:
// each field's arguments and type come from the same JSON Schemas REST validates and documents,
// and each resolver is a call of the operation through invoke. Read only: every change goes
// through the REST API (its idempotency keys, ETags, webhooks). `npm run graphql:schema` prints it.
import type { SchemaObject } from 'ajv';
import { type GraphQLFieldConfig, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType, GraphQLSchema } from 'graphql';
import type { Operation } from '../core/operation';
import { dayHoursSchema } from '../schemas/parts/hours';
import { pricingSchema } from '../schemas/parts/pricing';
import { serviceRecordSchema } from '../schemas/responses/profile';
import { createSchemaTypes } from './schemaTypes';

const QUERY_DESCRIPTION =
  'Business discovery read API. Read only: creating and changing profiles, reviews and bookings is done ' +
  'through the REST API (/v1/...), which GraphQL mirrors for reading. Every field checks the same scope, ' +
  'ownership and rate-limit area as the REST route it mirrors; refusals are in errors[] with our error ' +
  'code in extensions.code (and extensions.details where REST gives details).';

/** Runs one field: the operation, its arguments (the parent's id on Business fields), the request's context. */
export type FieldCall<Context> = (operation: Operation, args: Record<string, unknown>, context: Context) => Promise<unknown>;

/** GraphQL names kept from the hand-written schema this replaced, for schemas a title does not name. */
function typeNames(operations: ReadonlyArray<Operation>): Map<SchemaObject, string> {
  const names = new Map<SchemaObject, string>([
    [serviceRecordSchema, 'Service'],
    [dayHoursSchema, 'DayHours'],
    [pricingSchema, 'Pricing'],
  ]);
  const business = operations.find((operation) => operation.graphql?.field === 'business')?.output;
  if (business) names.set(business.schema, 'Business');
  return names;
}

/** The schema an exposure answers with: its view's, or the operation's own output. */
function outputOf(operation: Operation): { name: string; schema: SchemaObject } {
  const output = operation.graphql?.view?.output ?? operation.output;
  if (!output) throw new Error(`${operation.name} is exposed in GraphQL but declares no output schema`);
  return output;
}

export function buildGraphqlSchema<Context>(operations: ReadonlyArray<Operation>, call: FieldCall<Context>): GraphQLSchema {
  const exposed = operations.filter((operation) => operation.graphql);
  const types = createSchemaTypes(typeNames(exposed));

  function field(operation: Operation, parentId?: (parent: { id: string }) => Record<string, unknown>): GraphQLFieldConfig<unknown, Context> {
    const exposure = operation.graphql!;
    const { name, schema } = outputOf(operation);
    const args = (exposure.args.properties ?? {}) as Record<string, SchemaObject>;
    const required = new Set((exposure.args.required ?? []) as string[]);
    const type = types.output(schema, name);
    return {
      description: exposure.description,
      type: (exposure.nullable && type instanceof GraphQLNonNull ? type.ofType : type) as GraphQLOutputType,
      args: Object.fromEntries(
        Object.entries(args).map(([arg, argSchema]) => {
          const input = types.input(argSchema, `${exposure.field} ${arg}`, arg);
          return [arg, { type: required.has(arg) ? new GraphQLNonNull(input) : input, ...(argSchema.description && { description: argSchema.description as string }) }];
        }),
      ),
      resolve: (parent, values, context) => call(operation, { ...values, ...(parentId ? parentId(parent as { id: string }) : {}) }, context),
    };
  }

  // Fields on Business (openAt) join the object type of the operation that answers a business.
  const business = exposed.find((operation) => operation.graphql?.field === 'business');
  const onBusiness = exposed.filter((operation) => operation.graphql?.on === 'Business');
  if (business?.output && onBusiness.length > 0) {
    types.extend(business.output.schema, () => Object.fromEntries(onBusiness.map((operation) => [operation.graphql!.field, field(operation, (parent) => ({ businessId: parent.id }))])));
  }

  const query = new GraphQLObjectType({
    name: 'Query',
    description: QUERY_DESCRIPTION,
    fields: () => Object.fromEntries(exposed.filter((operation) => operation.graphql!.on === 'Query').map((operation) => [operation.graphql!.field, field(operation)])),
  });
  return new GraphQLSchema({ query });
}

/** What each root field costs the backends, for the query-cost limit (queryLimits.ts). */
export function rootFieldCosts(operations: ReadonlyArray<Operation>): Record<string, number> {
  return Object.fromEntries(operations.filter((operation) => operation.graphql?.on === 'Query').map((operation) => [operation.graphql!.field, operation.graphql!.cost]));
}

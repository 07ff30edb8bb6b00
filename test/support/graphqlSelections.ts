// Selection sets for the generated GraphQL schema: the answers have types now, so a test
// that wants a whole answer (to compare it with REST's) asks for every field, unions by fragment.
import { getNamedType, type GraphQLObjectType, GraphQLUnionType, isLeafType, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { buildGraphqlSchema } from '../../src/graphql/graphqlSchema';
import { OPERATIONS } from '../../src/operations/registry';

const schema: GraphQLSchema = buildGraphqlSchema(OPERATIONS, async () => null);

function selectionOf(type: GraphQLNamedType, skip: ReadonlySet<string>): string {
  if (isLeafType(type)) return '';
  if (type instanceof GraphQLUnionType) return `{ ${type.getTypes().map((member) => `... on ${member.name} ${selectionOf(member, skip)}`).join(' ')} }`;
  const fields = Object.values((type as GraphQLObjectType).getFields()).filter((field) => !skip.has(field.name) && field.args.every((arg) => !('ofType' in arg.type)));
  return `{ ${fields.map((field) => `${field.name} ${selectionOf(getNamedType(field.type), skip)}`).join(' ')} }`;
}

/** Every field of what a root field answers, recursively (fields with required arguments left out). */
export function selectAll(rootField: string, skip: Iterable<string> = []): string {
  const field = schema.getQueryType()!.getFields()[rootField];
  return selectionOf(getNamedType(field.type), new Set(skip));
}

/** GraphQL answers an absent optional field with null; REST leaves it out. The same answer, compared without them. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== null).map(([key, inner]) => [key, withoutNulls(inner)]));
  }
  return value;
}

// Depth and cost limits of the GraphQL read API (issue 23), as GraphQL validation rules: a query
// over a limit is refused before any resolver runs. Depth counts nested selections, fragments
// expanded. The data types have no cycles (the deepest data query is 4 levels), so depth guards
// introspection's ofType chains: 15 admits the standard introspection query (graphql-js
// getIntrospectionQuery) and no deeper. Cost is per root field, what each one costs the backends:
// a consumer search or an analytics question is much heavier than reading one profile, so one
// query holds at most three of them; the field count bounds the size of one answer.
import { type ASTNode, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

export const MAX_QUERY_DEPTH = 15;
export const MAX_QUERY_COST = 30;
/** Every field selected, aliases and fragments expanded: bounds the answer's size. */
export const MAX_QUERY_FIELDS = 500;

export const ROOT_FIELD_COSTS: Readonly<Record<string, number>> = {
  business: 1,
  myBusinesses: 2,
  directory: 5,
  search: 10,
  upstreamMetrics: 10,
  intentJourneys: 10,
  attribution: 10,
  benchmarks: 10,
};

function refusal(message: string, node: ASTNode, issue: string): GraphQLError {
  return new GraphQLError(message, { nodes: [node], extensions: { code: 'VALIDATION_ERROR', details: { field: 'query', issue } } });
}

interface Measure {
  depth: number;
  fields: number;
}

function measure(selectionSet: SelectionSetNode, fragment: (name: string) => FragmentDefinitionNode | null | undefined, depth: number, seen: Set<string>): Measure {
  const total: Measure = { depth, fields: 0 };
  for (const selection of selectionSet.selections) {
    let inner: Measure | undefined;
    if (selection.kind === Kind.FIELD) {
      total.fields += 1;
      inner = selection.selectionSet ? measure(selection.selectionSet, fragment, depth + 1, seen) : { depth: depth + 1, fields: 0 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measure(selection.selectionSet, fragment, depth, seen);
    } else {
      const definition = fragment(selection.name.value);
      // A fragment spread inside itself is refused by the standard rules; not followed twice here.
      if (!definition || seen.has(selection.name.value)) continue;
      inner = measure(definition.selectionSet, fragment, depth, new Set([...seen, selection.name.value]));
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.fields += inner.fields;
  }
  return total;
}

/** Root fields of the selection, fragments expanded, each alias counted. */
function rootFieldNames(selectionSet: SelectionSetNode, fragment: (name: string) => FragmentDefinitionNode | null | undefined, seen = new Set<string>()): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFieldNames(selection.selectionSet, fragment, seen);
    const definition = fragment(selection.name.value);
    if (!definition || seen.has(selection.name.value)) return [];
    return rootFieldNames(definition.selectionSet, fragment, new Set([...seen, selection.name.value]));
  });
}

export const queryLimits: ValidationRule = (context: ValidationContext) => {
  const fragment = (name: string) => context.getFragment(name);
  return {
    OperationDefinition(operation) {
      const { depth, fields } = measure(operation.selectionSet, fragment, 0, new Set());
      if (depth > MAX_QUERY_DEPTH) {
        context.reportError(refusal(`The query is ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed`, operation, `must be at most ${MAX_QUERY_DEPTH} levels deep`));
      }
      if (fields > MAX_QUERY_FIELDS) {
        context.reportError(refusal(`The query selects ${fields} fields; at most ${MAX_QUERY_FIELDS} are allowed`, operation, `must select at most ${MAX_QUERY_FIELDS} fields`));
      }
      const cost = rootFieldNames(operation.selectionSet, fragment).reduce((sum, name) => sum + (ROOT_FIELD_COSTS[name] ?? 0), 0);
      if (cost > MAX_QUERY_COST) {
        context.reportError(
          refusal(`The query costs ${cost}; at most ${MAX_QUERY_COST} is allowed (search and analytics fields cost 10, directory 5, myBusinesses 2, business 1)`, operation, `must cost at most ${MAX_QUERY_COST}`),
        );
      }
    },
  };
};

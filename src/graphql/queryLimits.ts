// Size, depth and cost limits of the GraphQL read API: a query over a limit is
// refused before the standard validation rules and before any resolver runs.
//
// Every limit is computed in time linear in the document: each fragment is measured once and its
// result reused wherever it is spread, so a chain of fragments that each spread the previous one
// twice (2^n fields from n lines) costs n steps, not 2^n. Counts saturate far above their limits,
// so an exponential expansion never grows a number past what a message can print. The document's
// size is bounded before it is parsed (MAX_QUERY_BYTES, graphqlRequest.ts). The standard rule
// OverlappingFieldsCanBeMerged compares every pair of fields with the same response name in a
// selection set, so 500 copies of one field cost it 125,000 comparisons (about 100 ms); a name
// repeated at most MAX_SAME_NAME times keeps it to a few milliseconds while leaving room for the
// `id` and `__typename` every fragment of a client repeats.
//
// Depth counts nested selections, fragments expanded. The data types have no cycles (the deepest
// data query is 4 levels), so depth guards introspection's ofType chains: 15 admits the standard
// introspection query (graphql-js getIntrospectionQuery) and no deeper. Cost is per root field,
// what each one costs the backends: a consumer search or an analytics question is much heavier than
// reading one profile, so one query holds at most three of them; the field count bounds the size of
// one answer.
import { OPERATIONS } from '../operations/registry';
import { rootFieldCosts } from './graphqlSchema';
import { type ASTNode, type DocumentNode, type FragmentDefinitionNode, GraphQLError, Kind, type SelectionSetNode } from 'graphql';

import { MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_FIELDS, MAX_SAME_NAME } from './queryLimitValues';

/** What each root field costs the backends: declared with its operation's GraphQL exposure. */
export const ROOT_FIELD_COSTS: Readonly<Record<string, number>> = rootFieldCosts(OPERATIONS);

const COST_LIST = 'search and analytics fields cost 10, directory 5, myBusinesses 2, business 1';

function refusal(message: string, node: ASTNode, issue: string): GraphQLError {
  return new GraphQLError(message, { nodes: [node], extensions: { code: 'VALIDATION_ERROR', details: { field: 'query', issue } } });
}

interface Shape {
  /** Levels of fields below the selection set's owner. */
  depth: number;
  /** Fields selected, saturated at SATURATION. */
  fields: number;
}

/** Counts stop growing here: far above every limit, far below where a number loses precision. */
const SATURATION = 1_000_000;
const saturated = (count: number) => Math.min(count, SATURATION);
/** The count for a message: exact below SATURATION, a bound above it. */
const counted = (count: number, limit: number) => (count >= SATURATION ? `more than ${limit}` : String(count));

/** Measures selection sets with each fragment measured once (a spread inside itself counts nothing: the standard rules refuse it). */
function documentMeasurer(document: DocumentNode) {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION && !fragments.has(definition.name.value)) fragments.set(definition.name.value, definition);
  }
  const shapes = new Map<string, Shape>();
  const costs = new Map<string, number>();
  const inProgress = new Set<string>();

  function memoised<T>(cache: Map<string, T>, name: string, empty: T, compute: (definition: FragmentDefinitionNode) => T): T {
    const known = cache.get(name);
    if (known !== undefined) return known;
    const definition = fragments.get(name);
    if (!definition || inProgress.has(name)) return empty;
    inProgress.add(name);
    const value = compute(definition);
    inProgress.delete(name);
    cache.set(name, value);
    return value;
  }

  function shape(selectionSet: SelectionSetNode): Shape {
    const total: Shape = { depth: 0, fields: 0 };
    for (const selection of selectionSet.selections) {
      let inner: Shape;
      if (selection.kind === Kind.FIELD) {
        const below = selection.selectionSet ? shape(selection.selectionSet) : { depth: 0, fields: 0 };
        inner = { depth: below.depth + 1, fields: below.fields + 1 };
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        inner = shape(selection.selectionSet);
      } else {
        inner = memoised(shapes, selection.name.value, { depth: 0, fields: 0 }, (definition) => shape(definition.selectionSet));
      }
      total.depth = Math.max(total.depth, inner.depth);
      total.fields = saturated(total.fields + inner.fields);
    }
    return total;
  }

  /** The cost of the root fields in a selection set, each alias counted. */
  function cost(selectionSet: SelectionSetNode): number {
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) total += ROOT_FIELD_COSTS[selection.name.value] ?? 0;
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += cost(selection.selectionSet);
      else total += memoised(costs, selection.name.value, 0, (definition) => cost(definition.selectionSet));
      total = saturated(total);
    }
    return total;
  }

  /**
   * The most fields one response name has in one selection set (fragments merged into the set they
   * are spread in, as the standard rules merge them). Walks the expanded query, so it is called only
   * once the field count is within its limit: each step is a field, or a spread that yields one.
   */
  function mostRepeatedName(selectionSet: SelectionSetNode): number {
    const counts = new Map<string, number>();
    const expanding = new Set<string>();
    let most = 0;
    const collect = (set: SelectionSetNode) => {
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          const name = selection.alias?.value ?? selection.name.value;
          const count = (counts.get(name) ?? 0) + 1;
          counts.set(name, count);
          most = Math.max(most, count, selection.selectionSet ? mostRepeatedName(selection.selectionSet) : 0);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          collect(selection.selectionSet);
        } else {
          const name = selection.name.value;
          const definition = fragments.get(name);
          if (!definition || expanding.has(name) || shape(definition.selectionSet).fields === 0) continue;
          expanding.add(name);
          collect(definition.selectionSet);
          expanding.delete(name);
        }
      }
    };
    collect(selectionSet);
    return most;
  }

  return { shape, cost, mostRepeatedName };
}

/** The limits every operation of the document passes, as refusals (empty when all pass). */
export function queryLimitErrors(document: DocumentNode): GraphQLError[] {
  const { shape, cost, mostRepeatedName } = documentMeasurer(document);
  const errors: GraphQLError[] = [];
  for (const operation of document.definitions) {
    if (operation.kind !== Kind.OPERATION_DEFINITION) continue;
    const { depth, fields } = shape(operation.selectionSet);
    if (depth > MAX_QUERY_DEPTH) {
      errors.push(refusal(`The query is ${depth} levels deep; at most ${MAX_QUERY_DEPTH} are allowed`, operation, `must be at most ${MAX_QUERY_DEPTH} levels deep`));
    }
    if (fields > MAX_QUERY_FIELDS) {
      errors.push(refusal(`The query selects ${counted(fields, MAX_QUERY_FIELDS)} fields (aliases and fragments expanded); at most ${MAX_QUERY_FIELDS} are allowed`, operation, `must select at most ${MAX_QUERY_FIELDS} fields`));
    }
    const rootCost = cost(operation.selectionSet);
    if (rootCost > MAX_QUERY_COST) {
      errors.push(refusal(`The query costs ${counted(rootCost, MAX_QUERY_COST)}; at most ${MAX_QUERY_COST} is allowed (${COST_LIST})`, operation, `must cost at most ${MAX_QUERY_COST}`));
    }
    if (depth > MAX_QUERY_DEPTH || fields > MAX_QUERY_FIELDS) continue;
    const repeated = mostRepeatedName(operation.selectionSet);
    if (repeated > MAX_SAME_NAME) {
      errors.push(
        refusal(`The query selects one response name ${repeated} times in a selection set; at most ${MAX_SAME_NAME} are allowed`, operation, `must select a response name at most ${MAX_SAME_NAME} times per selection set`),
      );
    }
  }
  return errors;
}

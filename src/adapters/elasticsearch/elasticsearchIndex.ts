// The SearchIndex port on Elasticsearch 8 (the client also talks to 9). Everything goes through
// one alias; documents are keyed `${environment}:${id}`. While a rebuild fills the next
// generation, live writes go to both generations, and the rebuild's own copies never overwrite
// what a live write already put into the new one (create-only), nor bring back a document a live
// write deleted; the indexer's replay after the swap covers writes made by other processes.
import { ConflictError, UnavailableError } from '../../domain/errors';
import type { Environment } from '../../domain/profile';
import type { Logger } from '../../logger';
import type { BulkFailure, IndexAction, SearchDocument, SearchIndex } from '../../ports/searchIndex';
import { createAliasManager } from './aliasManager';
import { createBulkWriter, type BulkWriterOptions } from './bulkWriter';
import { createElasticsearchClient } from './elasticsearchClient';
import { documentKey } from './documentKey';
import { INDEX_ONLY_FIELDS } from './indexedDocument';
import { PROFILES_INDEX } from './indexDefinition';
import { searchWithOpening } from './openingSearch';
import { buildSearchRequest, TEXT_FIELDS } from './queryBuilder';
import { searchResultFrom } from './searchHits';
import { translateError } from './translateError';

export interface ElasticsearchIndexOptions {
  /** Base URL, e.g. http://localhost:9200 (ELASTICSEARCH_URL). */
  node: string;
  /** The read/write alias (ELASTICSEARCH_INDEX); generations are `<alias>_v<n>`. */
  alias: string;
  logger?: Logger;
  /** Retry and batching knobs of the bulk writer. */
  bulk?: Omit<BulkWriterOptions, 'client' | 'logger'>;
  /** Per-request timeout in ms (default 30 000). */
  requestTimeoutMs?: number;
  /** Matches counted exactly before `total` becomes a lower bound (default the port's EXACT_TOTAL_BOUND). */
  exactTotalUpTo?: number;
  /** Bulk requests a rebuild keeps in flight (default 3: the engine indexes one while it receives the next). */
  rebuildRequestsInFlight?: number;
}

interface Generation {
  target: string;
  /** Keys deleted by live writes since the rebuild began: the rebuild must not bring them back. */
  deleted: Set<string>;
}

const keyOf = (action: IndexAction): string =>
  action.type === 'upsert' ? documentKey(action.document.environment, action.document.id) : documentKey(action.environment, action.id);

export function createElasticsearchIndex(options: ElasticsearchIndexOptions): SearchIndex {
  const { alias, logger } = options;
  const client = createElasticsearchClient({ node: options.node, requestTimeoutMs: options.requestTimeoutMs });
  const aliases = createAliasManager({ client, alias, definition: PROFILES_INDEX, logger });
  const writer = createBulkWriter({ client, logger, ...options.bulk });
  const rebuildRequestsInFlight = options.rebuildRequestsInFlight ?? 3;
  let building: Generation | null = null;
  let rebuilding = false;
  let closed = false;

  /** Runs `work` once the alias exists, with engine errors translated to domain errors. */
  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    if (closed) throw new UnavailableError('The search index is closed');
    await aliases.ensure();
    try {
      return await work();
    } catch (error) {
      const translated = translateError(error);
      if (translated instanceof UnavailableError) logger?.error({ err: error }, 'elasticsearch request failed');
      throw translated;
    }
  };

  /** Live writes also land in the generation being built, so the swap loses none of them. */
  const mirror = async (generation: Generation, actions: IndexAction[]): Promise<void> => {
    for (const action of actions) {
      if (action.type === 'delete') generation.deleted.add(keyOf(action));
      else generation.deleted.delete(keyOf(action));
    }
    // The generation being built has no periodic refresh: refresh now, so a live write is
    // searchable as soon as the swap happens, whenever that is.
    const { failures } = await writer.write(generation.target, actions, { visibility: 'now' });
    if (failures.length > 0) logger?.warn({ index: generation.target, failures }, 'elasticsearch: live writes not mirrored into the rebuild');
  };

  const rebuildWrite = async (generation: Generation, actions: IndexAction[]): Promise<{ failures: BulkFailure[] }> => {
    if (building !== generation) throw new ConflictError('REBUILD_FINISHED', 'This rebuild is over; its writer no longer accepts documents');
    const kept = actions.filter((action) => action.type === 'delete' || !generation.deleted.has(keyOf(action)));
    // Nobody searches the generation before the swap, which refreshes it first: no refresh per write.
    return writer.write(generation.target, kept, { createOnly: true, visibility: 'none', concurrency: rebuildRequestsInFlight });
  };

  return {
    apply: (actions) =>
      guard(async () => {
        if (actions.length === 0) return { failures: [] };
        // Taken before the write: a swap in between then sends both copies to the new generation.
        const generation = building;
        const result = await writer.write(alias, actions);
        if (generation) await mirror(generation, actions);
        return result;
      }),

    search: (query) =>
      guard(async () => {
        if (query.opening) return searchWithOpening(client, alias, { ...query, opening: query.opening }, options.exactTotalUpTo);
        const plan = buildSearchRequest(query, options.exactTotalUpTo);
        const response = await client.search<SearchDocument>({ index: alias, ...plan.request });
        return searchResultFrom(response, plan);
      }),

    get: (environment: Environment, id: string) =>
      guard(async () => {
        const response = await client.get<SearchDocument>(
          { index: alias, id: documentKey(environment, id), _source_excludes: INDEX_ONLY_FIELDS },
          { ignore: [404] },
        );
        return response.found && response._source ? response._source : null;
      }),

    // One request: a filters aggregation counts each word's matches over the text fields.
    heldWords: (environment: Environment, words: readonly string[]) =>
      guard(async () => {
        if (words.length === 0) return new Set<string>();
        const filters = Object.fromEntries(words.map((word, i) => [`w${i}`, { multi_match: { query: word, fields: TEXT_FIELDS } }]));
        const response = await client.search({ index: alias, size: 0, query: { term: { environment } }, aggs: { held: { filters: { filters } } } });
        const buckets = (response.aggregations?.held as { buckets: Partial<Record<string, { doc_count: number }>> } | undefined)?.buckets ?? {};
        return new Set(words.filter((_, i) => (buckets[`w${i}`]?.doc_count ?? 0) > 0));
      }),

    count: (environment?: Environment) =>
      guard(async () => {
        const response = await client.count({ index: alias, ...(environment ? { query: { term: { environment } } } : {}) });
        return response.count;
      }),

    async rebuild(fill) {
      if (rebuilding) throw new ConflictError('REBUILD_IN_PROGRESS', 'A rebuild of the search index is already running');
      rebuilding = true;
      try {
        await guard(() =>
          aliases.rebuild(async (target) => {
            const generation: Generation = { target, deleted: new Set() };
            building = generation;
            try {
              await fill((actions) => rebuildWrite(generation, actions));
            } catch (error) {
              // Stop mirroring before the failed generation is deleted.
              building = null;
              throw error;
            }
          }),
        );
      } finally {
        // Mirroring lasts until the swap is done: a live write between fill() and the swap
        // must reach the generation that is about to become current.
        building = null;
        rebuilding = false;
      }
    },

    ping: () =>
      guard(async () => {
        const health = await client.cluster.health({ index: alias, timeout: '5s' });
        if (health.status === 'red') throw new UnavailableError('The search index is not available (cluster status red)');
      }),

    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

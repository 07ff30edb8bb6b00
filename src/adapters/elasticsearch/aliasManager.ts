// The read/write alias and its generations. Searches and writes go through `<alias>`, which points
// at exactly one concrete index `<alias>_v<n>`. A rebuild fills `<alias>_v<n+1>` while the alias
// keeps answering from the old one, then moves the alias in ONE updateAliases call (remove + add,
// atomic in the cluster state) and deletes the old generation. The new generation is filled with
// bulk-load settings (no refresh, no replicas) and gets its serving settings back, and a refresh,
// before the alias points at it.
import type { Client } from '@elastic/elasticsearch';
import { errors } from '@elastic/elasticsearch';
import { ConflictError } from '../../domain/errors';
import type { Logger } from '../../logger';
import { LONGEST_REQUEST_MS } from './elasticsearchClient';
import { BULK_LOAD_SETTINGS, type IndexDefinition, servingSettings } from './indexDefinition';
import { translateError } from './translateError';

export interface AliasManager {
  /** Creates `<alias>_v1` with the alias when no alias exists yet; memoised, retried after a failure. */
  ensure(): Promise<void>;
  /** Fills a fresh generation through `fill(indexName)` and swaps it in; the old one is deleted. */
  rebuild(fill: (target: string) => Promise<void>): Promise<void>;
}

/**
 * Finishing a large generation takes minutes, far beyond a search's request timeout: the first
 * refresh writes everything the bulk fill buffered (no periodic refresh ran), and the merge
 * rewrites the whole index (a 1 M fill's first refresh outlasted 30 s on a loaded 2-core box; its
 * force merge, 30 s while the client's connection still capped every request there:
 * elasticsearchClient.ts).
 */
const BUILD_STEP_TIMEOUT_MS = LONGEST_REQUEST_MS;

const errorType = (error: unknown): string | undefined =>
  error instanceof errors.ResponseError ? (error.body as { error?: { type?: string } } | undefined)?.error?.type : undefined;

export function createAliasManager(deps: { client: Client; alias: string; definition: IndexDefinition; logger?: Logger }): AliasManager {
  const { client, alias, definition, logger } = deps;
  const generationName = (n: number): string => `${alias}_v${n}`;
  const generationPattern = new RegExp(`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}_v(\\d+)$`);
  let ready: Promise<void> | null = null;

  /** The first generation serves at once (with its alias); a rebuild's is filled first, with bulk-load settings. */
  const createGeneration = (index: string, withAlias: boolean) =>
    client.indices.create({
      index,
      settings: withAlias ? definition.settings : { ...definition.settings, index: { ...definition.settings.index, ...BULK_LOAD_SETTINGS } },
      mappings: definition.mappings,
      ...(withAlias ? { aliases: { [alias]: {} } } : {}),
    });

  const aliasedIndices = async (): Promise<string[]> => Object.keys(await client.indices.getAlias({ name: alias }));

  /** Every `<alias>_v<n>` that exists, as numbers. */
  const generations = async (): Promise<number[]> => {
    const found = await client.indices.get({ index: `${alias}_v*`, allow_no_indices: true, ignore_unavailable: true, features: ['aliases'] });
    return Object.keys(found)
      .map((name) => generationPattern.exec(name)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number);
  };

  /** A just-created index (ours or another process's) may still be starting its shards. */
  const untilSearchable = async (): Promise<void> => {
    // A new index can report yellow before its primary is even assigned: wait for active shards.
    await client.cluster.health({ index: alias, wait_for_status: 'yellow', wait_for_active_shards: 1, timeout: '30s' });
  };

  /**
   * An index created by an earlier version lacks the fields added to the mapping since: add them.
   * Only new fields; documents get their values when rewritten (`npm run reindex` rewrites all).
   */
  const addNewFields = async (): Promise<void> => {
    const wanted = definition.mappings.properties ?? {};
    for (const [index, { mappings }] of Object.entries(await client.indices.getMapping({ index: alias }))) {
      const missing = Object.fromEntries(Object.entries(wanted).filter(([name]) => !(name in (mappings.properties ?? {}))));
      if (Object.keys(missing).length === 0) continue;
      await client.indices.putMapping({ index, properties: missing });
      logger?.warn({ index, fields: Object.keys(missing) }, 'elasticsearch: added new mapping fields; run npm run reindex to fill them');
    }
  };

  const createIfAbsent = async (): Promise<void> => {
    if (await client.indices.existsAlias({ name: alias })) {
      await addNewFields();
      return untilSearchable();
    }
    // `exists` also answers true for an alias: one another process may have created just now.
    if ((await client.indices.exists({ index: alias })) && !(await client.indices.existsAlias({ name: alias }))) {
      throw new Error(`"${alias}" is a concrete Elasticsearch index; the adapter needs that name free for its alias`);
    }
    const first = generationName(Math.max(0, ...(await generations())) + 1);
    try {
      // Index and alias in one request: no reader ever sees the alias without its index.
      await createGeneration(first, true);
      logger?.info({ index: first, alias }, 'elasticsearch index created');
    } catch (error) {
      // Another process got there first; fine as long as the alias now exists.
      if (errorType(error) !== 'resource_already_exists_exception' || !(await client.indices.existsAlias({ name: alias }))) throw error;
    }
    await untilSearchable();
  };

  const ensure = (): Promise<void> => {
    ready ??= createIfAbsent().catch((error: unknown) => {
      ready = null;
      throw translateError(error);
    });
    return ready;
  };

  const rebuild = async (fill: (target: string) => Promise<void>): Promise<void> => {
    await ensure();
    const current = await aliasedIndices().catch((error: unknown) => Promise.reject(translateError(error)));
    const next = Math.max(0, ...(await generations())) + 1;
    const target = generationName(next);
    try {
      await createGeneration(target, false);
    } catch (error) {
      if (errorType(error) === 'resource_already_exists_exception') {
        throw new ConflictError('REBUILD_IN_PROGRESS', 'Another rebuild of the search index is running');
      }
      throw translateError(error);
    }
    logger?.info({ index: target, alias }, 'elasticsearch rebuild started');
    try {
      await fill(target);
      await client.indices.refresh({ index: target }, { requestTimeout: BUILD_STEP_TIMEOUT_MS });
      // A bulk fill leaves many segments, and every search visits each of them; merged into one
      // before it serves, the generation starts as fast as it can be (later writes merge as usual).
      // Merged before replicas come back, so they copy the one merged segment.
      await client.indices.forcemerge({ index: target, max_num_segments: 1 }, { requestTimeout: BUILD_STEP_TIMEOUT_MS });
      await client.indices.putSettings({ index: target, settings: servingSettings(definition) }, { requestTimeout: BUILD_STEP_TIMEOUT_MS });
      // Live writes mirrored during the merge are searchable before the swap, not a second later.
      await client.indices.refresh({ index: target }, { requestTimeout: BUILD_STEP_TIMEOUT_MS });
      // Atomic: if another rebuild moved the alias meanwhile, the remove fails and nothing changes.
      await client.indices.updateAliases({
        actions: [...current.map((index) => ({ remove: { index, alias } })), { add: { index: target, alias } }],
      });
    } catch (error) {
      // The engine's own words (a timeout, a rejected setting) before they become a domain error.
      logger?.error({ err: error, index: target }, 'elasticsearch rebuild failed; deleting the new generation');
      await client.indices.delete({ index: target }, { ignore: [404] }).catch(() => undefined);
      if (errorType(error) === 'aliases_not_found_exception') {
        throw new ConflictError('REBUILD_SUPERSEDED', 'Another rebuild of the search index replaced this one');
      }
      throw translateError(error);
    }
    // The old generation, plus leftovers of rebuilds that died before their swap.
    const stale = (await generations()).filter((n) => n < next).map(generationName);
    if (stale.length > 0) await client.indices.delete({ index: stale, ignore_unavailable: true }).catch((error: unknown) => {
      logger?.warn({ err: error, indices: stale }, 'elasticsearch: could not delete old generations');
    });
    logger?.info({ index: target, alias, replaced: current }, 'elasticsearch rebuild swapped in');
  };

  return { ensure, rebuild };
}

// Change feed -> index actions -> search index, one batch at a time. The position is
// committed only after the index acknowledged the batch, so a crash replays (idempotent
// upserts/deletes) instead of losing changes. start/stop are idempotent.
import type { Logger } from '../src/logger';
import { ChangeHistoryLostError, type ChangeFeed, type ProfileChange } from '../src/ports/changeFeed';
import type { Lease } from '../src/ports/lease';
import type { IndexAction, SearchIndex } from '../src/ports/searchIndex';
import type { CheckpointRepository, ProfileRepository } from '../src/ports/store';
import { fullReindex, type ReindexProgress } from './fullReindex';
import { toIndexActionOrSkip, type SkippedDocument } from './toSearchDocument';

export type IndexerState = 'idle' | 'running' | 'stopping' | 'stopped';

export interface IndexerStatus {
  state: IndexerState;
  position: string | null;
  indexed: number;
  failed: number;
  reindexes: number;
  /** Changes written but not yet indexed (null where the feed cannot count). */
  pending: number | null;
  /** Age of the newest change of the last batch when the index acknowledged it. */
  lastBatchLagMs: number | null;
  lastBatchAt: string | null;
  lastError: string | null;
  /** When the current run of failed batches began (null after a success). */
  failingSince: string | null;
  /** Every batch has failed for stallAfterMs or longer: search results are going stale. */
  stalled: boolean;
  /** Profiles that could not be mapped to a search document: removed from the index, not retried. */
  skipped: number;
  lastSkipped: (SkippedDocument & { at: string }) | null;
  /** Another indexer holds the lease (several on one store): this one waits to take over. */
  standby: boolean;
}

export interface IndexerOptions {
  feed: ChangeFeed;
  checkpoints: CheckpointRepository;
  profiles: Pick<ProfileRepository, 'scan'>;
  index: SearchIndex;
  logger: Logger;
  consumer?: string;
  batchSize?: number;
  /** How long one read waits for new changes before looping. */
  waitMs?: number;
  onReindexProgress?: (progress: ReindexProgress) => void;
  /** How long batches must keep failing before the status says stalled (readiness then fails). */
  stallAfterMs?: number;
  /**
   * With several indexers on one store (every API instance's in-process one, a second `npm run
   * indexer`), the lease makes one index while the others stand by; without it this one always indexes.
   */
  lease?: Lease;
  /** How often a standby asks for the lease, and the active one renews it (a third of the lease's time). */
  leaseCheckMs?: number;
}

/** Collapses several changes of one profile in a batch into the last one; unmappable profiles become deletes. */
export function actionsFor(changes: ProfileChange[], onSkip: (skipped: SkippedDocument) => void = () => {}): IndexAction[] {
  const latest = new Map<string, ProfileChange>();
  for (const change of changes) latest.set(`${change.environment}:${change.profileId}`, change);
  return [...latest.values()].map((change) =>
    change.profile
      ? toIndexActionOrSkip(change.profile, onSkip, { id: change.profileId, environment: change.environment })
      : { type: 'delete', environment: change.environment, id: change.profileId },
  );
}

const MAX_BACKOFF_MS = 5000;
/** Longer than a few capped retries, so a brief engine hiccup does not flap readiness (the Readiness schema says 60 s). */
export const DEFAULT_STALL_AFTER_MS = 60_000;
/** The checkpoint name the search indexer commits its position under. */
export const SEARCH_INDEXER_CONSUMER = 'search-indexer';

export function createIndexer(options: IndexerOptions) {
  const { feed, checkpoints, profiles, index, logger } = options;
  const consumer = options.consumer ?? SEARCH_INDEXER_CONSUMER;
  const batchSize = options.batchSize ?? 500;
  const waitMs = options.waitMs ?? 250;
  const stallAfterMs = options.stallAfterMs ?? DEFAULT_STALL_AFTER_MS;
  const status: IndexerStatus = {
    state: 'idle',
    position: null,
    indexed: 0,
    failed: 0,
    reindexes: 0,
    pending: null,
    lastBatchLagMs: null,
    lastBatchAt: null,
    lastError: null,
    failingSince: null,
    stalled: false,
    skipped: 0,
    lastSkipped: null,
    standby: false,
  };
  let loop: Promise<void> | null = null;
  const lease = options.lease;
  const leaseCheckMs = options.leaseCheckMs ?? 5_000;
  let leaseCheckedAt = 0;

  /** Waits up to `ms`, cut short by stop(). */
  async function waitWhileRunning(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (status.state === 'running' && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, Math.min(100, until - Date.now())));
  }

  /** Whether this indexer may index now: asks the lease at most every leaseCheckMs; an unreachable lease keeps the last answer. */
  async function active(): Promise<boolean> {
    if (!lease) return true;
    if (Date.now() - leaseCheckedAt < leaseCheckMs) return !status.standby;
    try {
      const held = await lease.hold();
      if (held === status.standby) logger.info({ consumer }, held ? 'indexer took the lease: indexing' : 'another indexer holds the lease: standing by');
      status.standby = !held;
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'indexer lease unreachable; keeping its last state');
    }
    leaseCheckedAt = Date.now();
    return !status.standby;
  }

  function skip(skipped: SkippedDocument): void {
    logger.error({ profileId: skipped.id, environment: skipped.environment, reason: skipped.error }, 'indexer skipped a profile it cannot map; removed from the index');
    status.skipped += 1;
    status.lastSkipped = { ...skipped, at: new Date().toISOString() };
  }

  async function reindex(reason: string): Promise<void> {
    logger.warn({ reason }, 'full reindex from the store');
    const position = await fullReindex({ feed, profiles, index, logger, onProgress: options.onReindexProgress, onSkip: skip });
    if (position !== null) await checkpoints.save(consumer, position);
    status.position = position;
    status.reindexes += 1;
  }

  /** Reads and indexes one batch; returns how many changes it handled. */
  async function runOnce(): Promise<number> {
    const batch = await feed.read(status.position, batchSize, waitMs);
    if (batch.changes.length === 0) return 0;
    const { failures } = await index.apply(actionsFor(batch.changes, skip));
    for (const failure of failures) logger.error({ profileId: failure.id, reason: failure.reason }, 'index rejected a document');
    if (batch.position !== null) await checkpoints.save(consumer, batch.position);
    status.position = batch.position;
    status.indexed += batch.changes.length - failures.length;
    status.failed += failures.length;
    const newest = batch.changes[batch.changes.length - 1];
    status.lastBatchLagMs = Date.now() - Date.parse(newest.at);
    status.lastBatchAt = new Date().toISOString();
    return batch.changes.length;
  }

  async function prepare(): Promise<void> {
    status.position = await checkpoints.load(consumer);
    if (status.position === null) return reindex('no checkpoint yet');
    // A checkpoint with an empty index means the index was wiped (e.g. its file deleted).
    if ((await index.count()) === 0 && (await profiles.scan({ limit: 1 })).profiles.length > 0) {
      return reindex('index is empty but the store is not');
    }
  }

  async function run(): Promise<void> {
    let backoffMs = 100;
    let prepared = false;
    let historyLost = false;
    while (status.state === 'running') {
      try {
        if (!(await active())) {
          // Taking over later starts from the position the active indexer committed.
          prepared = false;
          await waitWhileRunning(leaseCheckMs);
          continue;
        }
        if (historyLost) {
          await reindex('change history no longer holds our position');
          historyLost = false;
        } else if (!prepared) {
          await prepare();
        }
        prepared = true;
        await runOnce();
        status.lastError = null;
        status.failingSince = null;
        backoffMs = 100;
      } catch (error) {
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the awaits above
        if (status.state !== 'running') break;
        if (error instanceof ChangeHistoryLostError) {
          historyLost = true;
          continue;
        }
        status.lastError = (error as Error).message;
        status.failingSince ??= new Date().toISOString();
        logger.error({ err: error, backoffMs }, 'indexer batch failed; retrying');
        await new Promise((resolve) => setTimeout(resolve, backoffMs));
        backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
      }
    }
  }

  return {
    start(): void {
      if (status.state === 'running') return;
      status.state = 'running';
      loop = run().finally(() => {
        status.state = 'stopped';
      });
    },
    /** Finishes the batch in flight (its position is committed), then stops. */
    async stop(): Promise<void> {
      if (status.state !== 'running') return;
      status.state = 'stopping';
      await loop;
      // A standby takes over at once instead of when the lease lapses.
      if (lease && !status.standby) await lease.release().catch(() => undefined);
    },
    runOnce,
    reindex: () => reindex('requested'),
    async status(): Promise<IndexerStatus> {
      status.pending = await feed.countAfter(status.position).catch(() => null);
      status.stalled = status.failingSince !== null && Date.now() - Date.parse(status.failingSince) >= stallAfterMs;
      return { ...status };
    },
  };
}

export type Indexer = ReturnType<typeof createIndexer>;

// Tells IndexNow endpoints which public pages changed, from the profile change feed: a durable
// queue in the indexer's manner. Each endpoint reads the feed from its own committed position
// (checkpoint `indexnow:<endpoint>`), sends the batch's addresses in requests of at most 10 000,
// and commits the position only once the endpoint accepted them, so a crash or an outage replays
// rather than loses. 429, 5xx and network failures are retried with exponential backoff (capped);
// any other refusal (400, 403 key not valid, 422 wrong host) is logged and the batch given up, so
// one bad batch cannot stop announcements for good. Endpoints are the operator's setting
// (INDEXNOW_ENDPOINTS), like the engines' URLs: no owner or caller can point them anywhere.
// With several API instances on one store, one notifier announces: the one holding the lease
// (ports/lease.ts); the others stand by and, on taking over, resume from the committed positions.
import { changedPageUrls, INDEXNOW_MAX_URLS, indexNowBody, isRetryableStatus } from '../../domain/publicPage/indexNow';
import type { Logger } from '../../logger';
import type { ChangeFeed } from '../../ports/changeFeed';
import type { Lease } from '../../ports/lease';
import type { CheckpointRepository } from '../../ports/store';

export interface IndexNowNotifierOptions {
  feed: ChangeFeed;
  checkpoints: CheckpointRepository;
  endpoints: readonly string[];
  key: string;
  /** PUBLIC_URL: the host the pages are announced under. */
  origin: string;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** Changes read per batch. */
  batchSize?: number;
  maxUrlsPerRequest?: number;
  /** How long one feed read waits for new changes. */
  waitMs?: number;
  /** Backoff: first wait and cap, milliseconds. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Held while this notifier announces; without one it always does. */
  lease?: Lease;
  /** How often a standby asks for the lease and the holder renews it (a third of its time). */
  leaseCheckMs?: number;
}

export interface IndexNowStatus {
  endpoint: string;
  position: string | null;
  sent: number;
  failedAttempts: number;
  droppedBatches: number;
  lastError: string | null;
}

export interface IndexNowNotifier {
  start(): void;
  /** Whether another notifier holds the lease and this one waits to take over. */
  standby(): boolean;
  /** Resolves once every endpoint knows where it resumes: changes written after it are announced. */
  ready(): Promise<void>;
  stop(): Promise<void>;
  status(): IndexNowStatus[];
}

export const indexNowConsumer = (endpoint: string) => `indexnow:${endpoint}`;
/** The checkpoint of an endpoint that started on an empty feed: read it from its beginning. */
const FEED_START = 'start';

export function createIndexNowNotifier(options: IndexNowNotifierOptions): IndexNowNotifier {
  const { feed, checkpoints, logger, key, origin } = options;
  const send = options.fetch ?? fetch;
  const batchSize = options.batchSize ?? 5000;
  const perRequest = Math.min(options.maxUrlsPerRequest ?? INDEXNOW_MAX_URLS, INDEXNOW_MAX_URLS);
  const waitMs = options.waitMs ?? 1000;
  const retryBaseMs = options.retryBaseMs ?? 1000;
  const retryMaxMs = options.retryMaxMs ?? 300_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  let running = false;
  const loops: Array<Promise<void>> = [];
  const starts: Array<Promise<void>> = [];
  const wakers = new Set<() => void>();
  const lease = options.lease;
  const leaseCheckMs = options.leaseCheckMs ?? 5_000;
  let standby = false;
  let leaseCheck: Promise<boolean> | null = null;
  let leaseCheckedAt = 0;
  let renewal: NodeJS.Timeout | undefined;
  const statuses = options.endpoints.map((endpoint): IndexNowStatus => ({ endpoint, position: null, sent: 0, failedAttempts: 0, droppedBatches: 0, lastError: null }));

  /** Waits `ms`, or less when stop() is called. */
  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      wakers.delete(done);
      resolve();
    }
    wakers.add(done);
  });

  /** One request: 'sent', 'retry' or 'drop'. */
  async function post(status: IndexNowStatus, urls: string[]): Promise<'sent' | 'retry' | 'drop'> {
    try {
      const response = await send(status.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
        body: JSON.stringify(indexNowBody(origin, key, urls)),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      status.lastError = `HTTP ${response.status}`;
      return isRetryableStatus(response.status) ? 'retry' : 'drop';
    } catch (error) {
      status.lastError = (error as Error).message;
      return 'retry';
    }
  }

  async function deliver(status: IndexNowStatus, urls: string[]): Promise<boolean> {
    for (let start = 0; start < urls.length; start += perRequest) {
      const chunk = urls.slice(start, start + perRequest);
      for (let attempt = 0; ; attempt++) {
        // Stopped, or the lease went to another notifier: the batch replays from the committed position.
        if (!running || standby) return false;
        const outcome = await post(status, chunk);
        if (outcome === 'sent') {
          status.sent += chunk.length;
          break;
        }
        status.failedAttempts += 1;
        if (outcome === 'drop') {
          status.droppedBatches += 1;
          logger.error({ endpoint: status.endpoint, urls: chunk.length, err: status.lastError }, 'IndexNow refused a batch; it is not retried');
          break;
        }
        const delay = Math.min(retryMaxMs, retryBaseMs * 2 ** attempt);
        logger.warn({ endpoint: status.endpoint, attempt: attempt + 1, retryInMs: delay, err: status.lastError }, 'IndexNow request failed; retrying');
        await pause(delay);
      }
    }
    return true;
  }

  /** Where an endpoint resumes; a new endpoint starts from now (announcing every page ever written is the sitemap's job). */
  async function resume(status: IndexNowStatus): Promise<void> {
    const consumer = indexNowConsumer(status.endpoint);
    const saved = await checkpoints.load(consumer);
    if (saved === null) {
      status.position = await feed.head();
      // An empty feed is remembered as its start, so a restart does not skip what came meanwhile.
      await checkpoints.save(consumer, status.position ?? FEED_START);
    } else status.position = saved === FEED_START ? null : saved;
  }

  /** Whether this notifier may announce now: asks the lease at most every leaseCheckMs (one ask for every endpoint's loop); an unreachable lease keeps the last answer. */
  async function holdsLease(): Promise<boolean> {
    if (!lease) return true;
    if (Date.now() - leaseCheckedAt < leaseCheckMs) return !standby;
    leaseCheck ??= lease
      .hold()
      .then((held) => {
        if (held === standby) logger.info({}, held ? 'IndexNow notifier took the lease: announcing' : 'another IndexNow notifier holds the lease: standing by');
        standby = !held;
        return held;
      })
      .catch((error: unknown) => {
        logger.warn({ err: (error as Error).message }, 'IndexNow lease unreachable; keeping its last state');
        return !standby;
      })
      .finally(() => {
        leaseCheckedAt = Date.now();
        leaseCheck = null;
      });
    return leaseCheck;
  }

  async function run(status: IndexNowStatus, started: Promise<void>): Promise<void> {
    const consumer = indexNowConsumer(status.endpoint);
    await started;
    let resumeFromCheckpoint = false;
    while (running) {
      try {
        if (!(await holdsLease())) {
          // The holder moves the positions meanwhile: taking over starts from what it committed.
          resumeFromCheckpoint = true;
          await pause(leaseCheckMs);
          continue;
        }
        if (resumeFromCheckpoint) {
          await resume(status);
          resumeFromCheckpoint = false;
        }
        const batch = await feed.read(status.position, batchSize, waitMs);
        if (batch.changes.length === 0) continue;
        const urls = changedPageUrls(batch.changes, origin);
        if (!(await deliver(status, urls))) return; // stopped mid-batch: the position stays, the batch replays
        status.position = batch.position;
        if (batch.position !== null) await checkpoints.save(consumer, batch.position);
      } catch (error) {
        status.lastError = (error as Error).message;
        logger.warn({ endpoint: status.endpoint, err: status.lastError }, 'IndexNow notifier could not read the change feed; retrying');
        await pause(retryBaseMs);
      }
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      // Renewed on its own clock too: a holder waiting out an endpoint's backoff keeps its lease.
      if (lease) renewal = setInterval(() => void holdsLease(), leaseCheckMs).unref();
      for (const status of statuses) {
        const started = resume(status);
        starts.push(started.catch(() => undefined));
        loops.push(run(status, started).catch((error: unknown) => logger.error({ endpoint: status.endpoint, err: (error as Error).message }, 'IndexNow notifier stopped')));
      }
    },
    ready: () => Promise.all(starts).then(() => undefined),
    standby: () => standby,
    async stop() {
      running = false;
      clearInterval(renewal);
      for (const wake of [...wakers]) wake();
      await Promise.all(loops.splice(0));
      await leaseCheck;
      // A standby takes over at once instead of when the lease lapses.
      if (lease && !standby) await lease.release().catch(() => undefined);
    },
    status: () => statuses.map((status) => ({ ...status })),
  };
}

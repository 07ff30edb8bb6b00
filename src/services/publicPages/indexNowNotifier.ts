// Tells IndexNow endpoints which public pages changed, from the profile change feed: a durable
// queue in the indexer's manner. Each endpoint reads the feed from its own committed position
// (checkpoint `indexnow:<endpoint>`), sends the batch's addresses in requests of at most 10 000,
// and commits the position only once the endpoint accepted them, so a crash or an outage replays
// rather than loses. 429, 5xx and network failures are retried with exponential backoff (capped);
// any other refusal (400, 403 key not valid, 422 wrong host) is logged and the batch given up, so
// one bad batch cannot stop announcements for good. Endpoints are the operator's setting
// (INDEXNOW_ENDPOINTS), like the engines' URLs: no owner or caller can point them anywhere.
import { changedPageUrls, INDEXNOW_MAX_URLS, indexNowBody, isRetryableStatus } from '../../domain/publicPage/indexNow';
import type { Logger } from '../../logger';
import type { ChangeFeed } from '../../ports/changeFeed';
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
        if (!running) return false;
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

  async function run(status: IndexNowStatus, started: Promise<void>): Promise<void> {
    const consumer = indexNowConsumer(status.endpoint);
    await started;
    while (running) {
      try {
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
      for (const status of statuses) {
        const started = resume(status);
        starts.push(started.catch(() => undefined));
        loops.push(run(status, started).catch((error: unknown) => logger.error({ endpoint: status.endpoint, err: (error as Error).message }, 'IndexNow notifier stopped')));
      }
    },
    ready: () => Promise.all(starts).then(() => undefined),
    async stop() {
      running = false;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops.splice(0));
    },
    status: () => statuses.map((status) => ({ ...status })),
  };
}

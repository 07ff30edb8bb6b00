// A small pool of reader threads for the embedded index. better-sqlite3 runs a query on the
// thread that calls it; on the event loop a 5 ms search holds every other request for 5 ms.
// Each thread opens the index file read-only (WAL lets readers run beside the writer, and a
// committed write is visible to the next read), runs whole searches and sends back page rows:
// strings, which cross threads far cheaper than parsed documents.
import { extname, join } from 'node:path';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import { UnavailableError } from '../../../domain/errors';
import type { SearchQuery } from '../../../ports/searchIndex';
import { threadSource } from '../threadSource';
import type { PageRows } from './readPage';
import type { SearchReply } from './readerThread';
import type { SearchConnectionOptions } from './searchReader';

export interface ReaderThreads {
  search(query: SearchQuery): Promise<PageRows>;
  /** Starts every thread not running yet (a thread takes ~0.2 s to load), without waiting for them. */
  warm(): void;
  /** How many threads are running. */
  running(): number;
  close(): Promise<void>;
}

interface Pending {
  resolve(page: PageRows): void;
  reject(error: Error): void;
}

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

const THREAD_SOURCE = threadSource(join(__dirname, `readerThread${extname(__filename)}`));

/**
 * A reader's V8 heap, sized by measurement. Each thread lives on 5-9 MiB of old space (its modules,
 * statement and totals caches) and a search allocates its page's rows and plan, then drops them.
 * With V8's defaults (sized for the machine, 4 GiB here) a reader reserved a 32 MiB young
 * generation and grew old space after transients: 70 MiB reserved per thread in a 3 000-business
 * soak (109 -> 385 MiB for both over 45 minutes), against 22 MiB with these limits and no CPU per
 * request measurably different at 8 or 4 MiB. A server launched with --max-semi-space-size (npm
 * start: runtime/heapSizing.ts) bounds every thread's young generation by that flag instead, which
 * V8 prefers. A search that outgrew the old-space bound would end its thread
 * (ERR_WORKER_OUT_OF_MEMORY): its searches fail as UnavailableError, the process goes on and the
 * next search starts a fresh thread.
 */
const READER_HEAP: ResourceLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/** Rebuilds a thread's error on this side: the adapter maps SQLite codes to UnavailableError. */
function errorFrom(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'UnavailableError') return new UnavailableError(error.message);
  return Object.assign(new Error(error.message), { name: error.name, ...(error.code !== undefined && { code: error.code }) });
}

export function createReaderThreads(options: { file: string; size: number; connection: SearchConnectionOptions; heap?: ResourceLimits }): ReaderThreads {
  const readers: Array<Reader | null> = Array.from({ length: options.size }, () => null);
  let nextId = 1;
  let closed = false;

  const start = (slot: number): Reader => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { file: options.file, connection: options.connection }, resourceLimits: options.heap ?? READER_HEAP });
    const reader: Reader = { worker, pending: new Map() };
    worker.on('message', (reply: SearchReply) => {
      const pending = reader.pending.get(reply.id);
      if (!pending) return;
      reader.pending.delete(reply.id);
      if (reply.ok) pending.resolve(reply.page);
      else pending.reject(errorFrom(reply.error));
    });
    // A thread that dies takes its searches with it: fail them and start afresh on the next search.
    const fail = (error: Error) => {
      if (readers[slot] === reader) readers[slot] = null;
      for (const pending of reader.pending.values()) pending.reject(error);
      reader.pending.clear();
    };
    worker.on('error', (error) => fail(Object.assign(new UnavailableError('A search index reader failed'), { cause: error })));
    worker.on('exit', () => fail(new UnavailableError('A search index reader stopped')));
    readers[slot] = reader;
    return reader;
  };

  /** The thread with the fewest searches waiting; threads start on first use. */
  const pick = (): Reader => {
    let best = -1;
    for (let slot = 0; slot < readers.length; slot++) {
      const reader = readers[slot];
      if (reader === null) return start(slot);
      if (best === -1 || reader.pending.size < (readers[best] as Reader).pending.size) best = slot;
    }
    return readers[best] as Reader;
  };

  return {
    search(query) {
      if (closed) return Promise.reject(new UnavailableError('The search index is closed'));
      const reader = pick();
      const id = nextId++;
      return new Promise<PageRows>((resolve, reject) => {
        reader.pending.set(id, { resolve, reject });
        reader.worker.postMessage({ id, query });
      });
    },
    warm() {
      if (closed) return;
      for (let slot = 0; slot < readers.length; slot++) if (readers[slot] === null) start(slot);
    },
    running: () => readers.filter((reader) => reader !== null).length,
    async close() {
      closed = true;
      await Promise.all(readers.flatMap((reader) => (reader ? [reader.worker.terminate()] : [])));
    },
  };
}

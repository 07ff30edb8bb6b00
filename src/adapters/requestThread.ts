// A worker thread that answers numbered requests one at a time, in the order they were sent: the
// analytics writers' (the embedded store's SQLite transactions, Elasticsearch's bulk requests), so
// that work never runs on the event loop. The caller's side starts the thread on first use and
// again after it died; a thread that dies fails the requests it held. The thread's side answers
// each request with its result or with the error's plain fields (ThreadError), which the
// caller turns into its own error, so driver and engine texts stay in the caller's logs.
import { parentPort, Worker } from 'node:worker_threads';
import { UnavailableError } from '../domain/errors';
import { threadSource } from './sqlite/threadSource';

/**
 * A failed request's error as plain fields: `detail` is the driver's or engine's own words (for the
 * log), `retryAfterSeconds` a domain error's hint to the client.
 */
export interface ThreadError {
  name: string;
  message: string;
  code?: string;
  detail?: string;
  retryAfterSeconds?: number;
}

export type ThreadReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: ThreadError };

/** A request before it is numbered: `close` is the last one a thread handles. */
export interface ThreadRequest {
  kind: string;
}

export interface RequestThread<R extends ThreadRequest> {
  send<T>(request: R): Promise<T>;
  /** Sends `close` after every request sent before it and waits for its answer (never rejects). */
  close(): Promise<void>;
}

export interface RequestThreadOptions {
  /** The thread's body, a file beside its caller (`join(__dirname, 'x' + extname(__filename))`). */
  bodyFile: string;
  workerData: unknown;
  /** The error a failed request rejects with, given the thread's reply. */
  failure(error: ThreadError): Error;
  /** What the requests of a thread that died or stopped reject with. */
  name: string;
}

export function createRequestThread<R extends ThreadRequest>(options: RequestThreadOptions): RequestThread<R> {
  const source = threadSource(options.bodyFile);
  let worker: Worker | null = null;
  const pending = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let closing: Promise<void> | undefined;

  const start = (): Worker => {
    const started = new Worker(source, { eval: true, workerData: options.workerData });
    started.on('message', (reply: ThreadReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(options.failure(reply.error));
    });
    const fail = (error: Error) => {
      if (worker === started) worker = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', (error) => fail(Object.assign(new UnavailableError(`The ${options.name} failed`), { cause: error })));
    started.on('exit', () => fail(new UnavailableError(`The ${options.name} stopped`)));
    return started;
  };

  const post = <T>(request: ThreadRequest): Promise<T> => {
    worker ??= start();
    const id = nextId++;
    const target = worker;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      target.postMessage({ ...request, id });
    });
  };

  return {
    send<T>(request: R): Promise<T> {
      if (closing) return Promise.reject(new UnavailableError(`The ${options.name} is closed`));
      return post<T>(request);
    },
    close() {
      // Messages are handled in order: 'close' runs after every request sent before it.
      closing ??= worker === null ? Promise.resolve() : post<null>({ kind: 'close' }).then(
        () => undefined,
        () => undefined,
      );
      return closing;
    },
  };
}

/**
 * The thread's side: answers each request in turn (the next waits for the one before, even when
 * `handle` is asynchronous); after `close` (handled by `handle` too) the port closes.
 */
export function serveRequests<R extends ThreadRequest>(handle: (request: R) => unknown): void {
  const port = parentPort;
  if (!port) throw new Error('serveRequests runs on a worker thread');
  let queue: Promise<void> = Promise.resolve();
  port.on('message', (request: R & { id: number }) => {
    queue = queue.then(async () => {
      let reply: ThreadReply;
      try {
        reply = { id: request.id, ok: true, result: (await handle(request)) ?? null };
      } catch (error) {
        const { name, message, code, detail, retryAfterSeconds } = error as Record<string, unknown>;
        reply = {
          id: request.id,
          ok: false,
          error: {
            name: String(name),
            message: String(message),
            ...(typeof code === 'string' && { code }),
            ...(typeof detail === 'string' && { detail }),
            ...(typeof retryAfterSeconds === 'number' && { retryAfterSeconds }),
          },
        };
      }
      port.postMessage(reply);
      if (request.kind === 'close') port.close();
    });
  });
}

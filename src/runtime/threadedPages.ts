// A full reindex's pages read and mapped on a thread (reindexPagesThread.ts), for `npm run reindex`: the
// event loop then spends its time writing the index, the thread uses another core.
import { extname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadSource } from '../adapters/sqlite/threadSource';
import type { Config } from '../config';
import type { PageReader } from '../../indexer/mappedPages';
import type { PagesReply, PagesRequest } from './reindexPagesThread';

const THREAD_SOURCE = threadSource(join(__dirname, `reindexPagesThread${extname(__filename)}`));

export interface ThreadedPages {
  read: PageReader;
  close(): Promise<void>;
}

export function createThreadedPages(config: Pick<Config, 'dataDir' | 'mongodbUri'>): ThreadedPages {
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { dataDir: config.dataDir, mongodbUri: config.mongodbUri } });
  // Replies come in the order of the requests.
  const waiting: Array<{ resolve(reply: PagesReply): void; reject(error: Error): void }> = [];
  const fail = (error: Error) => {
    for (const request of waiting.splice(0)) request.reject(error);
  };
  worker.on('message', (reply: PagesReply) => waiting.shift()?.resolve(reply));
  worker.on('error', fail);
  let exited = false;
  worker.on('exit', (code) => {
    exited = true;
    fail(new Error(`The reindex's page reading thread stopped (exit code ${code})`));
  });
  const send = (request: PagesRequest) => worker.postMessage(request);
  return {
    read: (after, size) =>
      new Promise<PagesReply>((resolve, reject) => {
        if (exited) return reject(new Error("The reindex's page reading thread has stopped"));
        waiting.push({ resolve, reject });
        send({ after, size });
      }).then((reply) => ('error' in reply ? Promise.reject(new Error(reply.error)) : reply.page)),
    // Also when the thread already stopped (a crash): its exit would never come again.
    close: () =>
      exited
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            worker.once('exit', () => resolve());
            send('close');
          }),
  };
}

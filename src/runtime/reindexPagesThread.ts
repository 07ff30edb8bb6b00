// Body of the thread that reads and maps a full reindex's pages (threadedPages.ts): its own store
// connection, one page per request, in the order asked.
import { parentPort, workerData } from 'node:worker_threads';
import type { Config } from '../config';
import { openStore } from './openStore';
import { type MappedPage, storePages } from '../../indexer/mappedPages';

export type PagesRequest = { after: string | undefined; size: number } | 'close';
export type PagesReply = { page: MappedPage } | { error: string };

const config = workerData as Pick<Config, 'dataDir' | 'mongodbUri'>;
const opened = openStore(config);
// Requests are answered one after another (the reindex asks for the next page only once it has the last).
let queue: Promise<unknown> = Promise.resolve();

parentPort!.on('message', (request: PagesRequest) => {
  queue = queue.then(async () => {
    const store = await opened.catch((error: unknown) => error as Error);
    if (request === 'close') {
      if (!(store instanceof Error)) await store.close();
      process.exit(0); // ends this thread only
      return;
    }
    try {
      if (store instanceof Error) throw store;
      parentPort!.postMessage({ page: await storePages(store.profiles)(request.after, request.size) } satisfies PagesReply);
    } catch (error) {
      parentPort!.postMessage({ error: (error as Error).message } satisfies PagesReply);
    }
  });
});

// Body of the thread that reads and maps a full reindex's pages (threadedPages.ts): its own store
// connection, one page per request, in the order asked.
import { workerData } from 'node:worker_threads';
import { serveRequests } from '../adapters/requestThread';
import type { Config } from '../config';
import { openStore } from './openStore';
import { storePages } from '../../indexer/mappedPages';

export type PagesRequest = { kind: 'page'; after: string | undefined; size: number } | { kind: 'close' };

const config = workerData as Pick<Config, 'dataDir' | 'mongodbUri'>;
const opened = openStore(config);
// A store that cannot be opened fails each request with its error, not the thread.
opened.catch(() => undefined);

serveRequests<PagesRequest>(async (request) => {
  const store = await opened;
  if (request.kind === 'close') {
    await store.close();
    return null;
  }
  return storePages(store.profiles)(request.after, request.size);
});

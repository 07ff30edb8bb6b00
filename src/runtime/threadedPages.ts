// A full reindex's pages read and mapped on a thread (reindexPagesThread.ts), for `npm run reindex`: the
// event loop then spends its time writing the index, the thread uses another core. The requests
// and replies go through the analytics writers' request thread (adapters/requestThread.ts): one
// page at a time in the order asked, a thread that stops fails the read it held.
import { extname, join } from 'node:path';
import { createRequestThread } from '../adapters/requestThread';
import type { Config } from '../config';
import type { MappedPage, PageReader } from '../../indexer/mappedPages';
import type { PagesRequest } from './reindexPagesThread';

export interface ThreadedPages {
  read: PageReader;
  /** Waits for the read in flight, then closes the thread's store (at once when it already stopped). */
  close(): Promise<void>;
}

export function createThreadedPages(config: Pick<Config, 'dataDir' | 'mongodbUri'>): ThreadedPages {
  const thread = createRequestThread<PagesRequest>({
    bodyFile: join(__dirname, `reindexPagesThread${extname(__filename)}`),
    workerData: { dataDir: config.dataDir, mongodbUri: config.mongodbUri },
    name: "reindex's page reading thread",
    failure: (error) => new Error(error.message),
  });
  return {
    read: (after, size) => thread.send<MappedPage>({ kind: 'page', after, size }),
    close: () => thread.close(),
  };
}

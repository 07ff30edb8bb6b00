// Where the Elasticsearch analytics store's appends run: on a thread of their own (appendThread.ts)
// by default, so building, serialising and sending a batch's bulk requests (about 0.45 ms of the
// event loop per recorded answer) and parsing their answers never hold requests queued behind
// them; or on the caller's thread (appendOnThread: false). Both ask the same of the engine, one
// append at a time. A thread that dies fails the append it held, like a request that failed; the
// next append starts a new thread.
import { extname, join } from 'node:path';
import type { Client } from '@elastic/elasticsearch';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { UnavailableError } from '../../../domain/errors';
import type { AppendResult } from '../../../ports/analyticsStore';
import { createRequestThread } from '../../requestThread';
import type { AnalyticsIndices } from './analyticsIndices';
import { createAppendEvents } from './appendEvents';
import type { AppendRequest, AppendThreadData } from './appendThread';

export interface AppendWriter {
  /** Errors are the domain's (translateError), with the engine's own words as `cause`. */
  append(events: AnalyticsEvent[]): Promise<AppendResult>;
  /** Waits for the appends already asked for, then stops. */
  close(): Promise<void>;
}

export function createThreadAppendWriter(data: AppendThreadData): AppendWriter {
  const thread = createRequestThread<AppendRequest>({
    bodyFile: join(__dirname, `appendThread${extname(__filename)}`),
    workerData: data,
    name: 'analytics append thread',
    failure: (error) => {
      const cause = error.detail ?? error.message;
      if (error.code === 'SERVICE_UNAVAILABLE') return Object.assign(new UnavailableError(error.message), { cause, retryAfterSeconds: error.retryAfterSeconds });
      return Object.assign(new Error(error.message), { name: error.name, cause });
    },
  });
  return {
    append: (events) => thread.send<AppendResult>({ kind: 'append', events }),
    close: () => thread.close(),
  };
}

export function createInlineAppendWriter(client: Client, indices: AnalyticsIndices, options: { refresh: boolean }): AppendWriter {
  const append = createAppendEvents(client, indices, options);
  return { append, close: async () => undefined };
}

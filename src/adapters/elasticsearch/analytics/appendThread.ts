// Body of the Elasticsearch analytics append thread (appendWriter.ts): its own client, on which
// every append's requests are built, serialised, sent and their answers parsed, one append at a
// time (appendEvents.ts serialises them anyway), so none of that runs on the event loop. An
// error goes back translated (translateError), with the engine's own words as its cause.
import { workerData } from 'node:worker_threads';
import { Client } from '@elastic/elasticsearch';
import type { AnalyticsEvent } from '../../../domain/analytics/analyticsEvent';
import { serveRequests } from '../../requestThread';
import { translateError } from '../translateError';
import { analyticsIndices } from './analyticsIndices';
import { createAppendEvents } from './appendEvents';

export type AppendRequest = { kind: 'append'; events: AnalyticsEvent[] } | { kind: 'close' };

export interface AppendThreadData {
  node: string;
  prefix: string;
  refresh: boolean;
  requestTimeoutMs: number;
}

const data = workerData as AppendThreadData;
const client = new Client({ node: data.node, requestTimeout: data.requestTimeoutMs });
const appendEvents = createAppendEvents(client, analyticsIndices(data.prefix), { refresh: data.refresh });

serveRequests<AppendRequest>(async (request) => {
  if (request.kind === 'close') {
    await client.close();
    return null;
  }
  try {
    return await appendEvents(request.events);
  } catch (error) {
    const translated = translateError(error);
    throw Object.assign(translated, { detail: translated === error ? undefined : (error as Error).message });
  }
});

// The search floor: Koa and @koa/router in front of the same index as the API (same engine,
// files or node, reader threads), answering each benchmark request with the index query the API
// runs for it and that page's items in the listing item shape (a consumer item has distance and
// personalizationScore in place of verificationLevel and aiVisibilityScore), and nothing else: no
// authentication, validation, ranking, summary, envelope or logging. The index query holds the
// page's offset, so its first pageSize hits are the page. Its distance from the raw floor is what answering a
// search over HTTP with this stack costs on this machine before any of the API's own work.
// Started by searchFloor.ts: tsx scripts/bench/searchFloorServer.ts <requests.json> <port>,
// with the API's engine settings in the environment.
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/logger';
import type { SearchQuery } from '../../src/ports/searchIndex';
import { presentListingItem } from '../../src/presenters/searchResultPresenter';
import { openSearchIndex } from '../../src/runtime/openSearchIndex';
import { replayKey } from './replayServer';

export interface FloorRequest {
  /** replayKey of the benchmark request. */
  key: string;
  query: SearchQuery;
  /** Documents the API's answer holds: a consumer search asks the index for more candidates than it returns. */
  pageSize: number;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });

async function main(): Promise<void> {
  const [file, port] = process.argv.slice(2);
  const requests = JSON.parse(readFileSync(file, 'utf8')) as FloorRequest[];
  const byKey = new Map(requests.map((request) => [request.key, request]));
  const index = await openSearchIndex(loadConfig(), createLogger('warn'));
  const answer = async (ctx: Koa.Context) => {
    const request = byKey.get(replayKey(ctx.method, ctx.url, await readBody(ctx.req)));
    if (!request) return;
    const found = await index.search(request.query);
    ctx.body = { total: found.total, businesses: found.hits.slice(0, request.pageSize).map(presentListingItem) };
  };
  const router = new Router();
  for (const path of new Set(requests.map((request) => request.key.split(/[ ?\n]/)[1]))) router.get(path, answer).post(path, answer);
  const app = new Koa();
  app.use(router.routes());
  app.listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\n'));
  process.once('SIGTERM', () => void index.close().finally(() => process.exit(0)));
}

void main();

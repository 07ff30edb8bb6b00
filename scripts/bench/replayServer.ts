// Floors under the API's latency: a server in its own process that answers every benchmark
// request with what the API answered it in preflight, driven by the same autocannon client at
// one connection.
// - `node` (the transport floor): bare node:http sends the exact bytes. That is what the loopback
//   round trip, HTTP parsing and the client cost for responses of these sizes.
// - `koa` (the framework floor): Koa and @koa/router, the stack the API is built on, route the
//   request and serialise the answer from objects, as the API does, with no other middleware,
//   no authentication and no search.
// The report shows both next to the API, so the overhead of the API's own work can be told from
// the cost of answering HTTP at all on this machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedAnswer } from './preflight';
import { startChildServer, type ChildServer } from './childServer';

export type ReplayFramework = 'node' | 'koa';

export type ReplayServer = ChildServer;

/** Same key on both sides: method, path and request body. */
export const replayKey = (method: string, path: string, body: string | undefined): string => `${method} ${path}\n${body ?? ''}`;

// Plain JavaScript for `node -e`: nothing to compile. Both variants read the request body the
// same way and look the answer up by replayKey.
const COMMON_SOURCE = `
const { readFileSync } = require('node:fs');
const [file, port] = process.argv.slice(1);
const recorded = JSON.parse(readFileSync(file, 'utf8'));
const readBody = (req) => new Promise((resolve) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => resolve(chunks.length === 0 ? '' : Buffer.concat(chunks).toString()));
});
const listening = () => process.stdout.write('listening\\n');
`;

const SOURCES: Record<ReplayFramework, string> = {
  node: `${COMMON_SOURCE}
const answers = new Map(recorded.map((a) => [a.key, { body: Buffer.from(a.response), contentType: a.contentType }]));
require('node:http').createServer(async (req, res) => {
  const answer = answers.get(req.method + ' ' + req.url + '\\n' + (await readBody(req)));
  if (!answer) { res.writeHead(404).end(); return; }
  res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
  res.end(answer.body);
}).listen(Number(port), '127.0.0.1', listening);
`,
  koa: `${COMMON_SOURCE}
const Koa = require('koa');
const Router = require('@koa/router');
// Parsed once: Koa serialises the objects on every request, as it does the API's.
const answers = new Map(recorded.map((a) => [a.key, { value: JSON.parse(a.response), contentType: a.contentType }]));
const router = new Router();
const answer = async (ctx) => {
  const found = answers.get(ctx.method + ' ' + ctx.url + '\\n' + (await readBody(ctx.req)));
  if (!found) return;
  ctx.body = found.value;
  ctx.type = found.contentType;
};
for (const path of new Set(recorded.map((a) => a.key.split(/[ ?\\n]/)[1]))) router.get(path, answer).post(path, answer);
const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(port), '127.0.0.1', listening);
`,
};

export async function startReplayServer(recorded: RecordedAnswer[], framework: ReplayFramework = 'node'): Promise<ReplayServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(recorded.map((a) => ({ key: replayKey(a.method, a.path, a.body), contentType: a.contentType, response: a.response }))));
  // Run from the repository root: `koa` and `@koa/router` resolve from there for the framework floor.
  return startChildServer({
    name: `${framework} replay server`,
    args: (port) => ['-e', SOURCES[framework], file, String(port)],
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  });
}

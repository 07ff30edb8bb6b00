// The transport floor: a bare node:http server (no framework, no auth, no search) in its own
// process that answers every benchmark request with the exact bytes the API answered it in
// preflight. Driven by the same autocannon client at one connection, it measures what the
// loopback round trip, HTTP parsing and the client cost for responses of these sizes, so the
// report can tell that part of the API's overhead from the API's own work.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedAnswer } from './preflight';
import { freePort } from './serverProcess';

export interface ReplayServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** Same key on both sides: method, path and request body. */
export const replayKey = (method: string, path: string, body: string | undefined): string => `${method} ${path}\n${body ?? ''}`;

// Plain JavaScript for `node -e`: nothing to compile, nothing loaded but node:http.
const SERVER_SOURCE = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const [file, port] = process.argv.slice(1);
const answers = new Map();
for (const a of JSON.parse(readFileSync(file, 'utf8'))) {
  answers.set(a.key, { body: Buffer.from(a.response), contentType: a.contentType });
}
createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = chunks.length === 0 ? '' : Buffer.concat(chunks).toString();
    const answer = answers.get(req.method + ' ' + req.url + '\\n' + body);
    if (!answer) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': answer.contentType, 'content-length': answer.body.length });
    res.end(answer.body);
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('listening\\n'));
`;

export async function startReplayServer(recorded: RecordedAnswer[]): Promise<ReplayServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-replay-'));
  const file = join(dir, 'answers.json');
  writeFileSync(file, JSON.stringify(recorded.map((a) => ({ key: replayKey(a.method, a.path, a.body), contentType: a.contentType, response: a.response }))));
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', SERVER_SOURCE, file, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout?.once('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the replay server exited with code ${code} before listening`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}

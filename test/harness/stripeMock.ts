// Starts stripe-mock (Stripe's own mock server: it answers every API route with fixtures and
// refuses any request its bundled OpenAPI does not allow) on a free loopback port. Its binary is
// built with Go by scripts/engines/stripe-mock/fetch.sh, which runs here when it is missing.
// stripe-mock keeps no state and ignores Idempotency-Key and Stripe-Account, so a recording
// front sits before it: every request passes through unchanged and is kept (method, path,
// those headers, the form body), so a test can see what reached Stripe. The front can also make
// a path fail (Stripe answering 500) or hold its requests unanswered (Stripe slow, a process
// killed mid-call).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { spawnEngine, waitUntilReady, type EngineProcess } from './engineProcess';
import { launchOnFreePort } from './freePort';

export interface RecordedStripeRequest {
  method: string;
  /** Path and query: '/v1/checkout/sessions'. */
  path: string;
  idempotencyKey?: string;
  /** The connected account the call was made on (Stripe-Account). */
  stripeAccount?: string;
  /** The mode of the secret key it was made with (never the key itself). */
  keyMode?: 'test' | 'live';
  /** The key's last four characters, as Stripe's dashboard shows keys: which of several test keys it was. */
  keyLast4?: string;
  /** The form body as Stripe reads it (bracketed keys: 'metadata[bookingId]'). */
  form: Record<string, string>;
  status: number;
}

/** What the front does with requests to a path instead of passing them on: answer a status (Stripe failing), or hold them unanswered. */
export type Interference = { status: number } | 'hold';

export interface StripeMockHarness {
  /** http://127.0.0.1:<port> of the recording front: what STRIPE_API_URL points at. */
  url: string;
  /** Every request that went through, oldest first. */
  requests(): RecordedStripeRequest[];
  /** Forgets the requests recorded so far. */
  clearRequests(): void;
  /** Until cleared (undefined), requests whose path starts with `pathPrefix` get `interference` instead of stripe-mock's answer (recorded with that status, or 0 when held). */
  interfere(pathPrefix: string, interference: Interference | undefined): void;
  stop(): Promise<void>;
}

const HOST = '127.0.0.1';
const REPO_ROOT = resolve(__dirname, '..', '..');
const BINARY = process.env.STRIPE_MOCK_BIN ?? join(REPO_ROOT, '.engines', 'stripe-mock', 'bin', 'stripe-mock');
const FETCH_SCRIPT = join(REPO_ROOT, 'scripts', 'engines', 'stripe-mock', 'fetch.sh');
const READY_TIMEOUT_MS = 30_000;

function ensureBinary(): void {
  if (existsSync(BINARY)) return;
  try {
    execFileSync('bash', [FETCH_SCRIPT], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'], timeout: 10 * 60_000 });
  } catch (error) {
    const e = error as { stderr?: Buffer; message: string };
    throw new Error(`stripe-mock could not be built (bash scripts/engines/fetch-engines.sh stripe-mock): ${e.stderr?.toString() || e.message}`);
  }
}

/** True when stripe-mock answers an authenticated list call. */
async function answers(port: number): Promise<boolean> {
  const response = await fetch(`http://${HOST}:${port}/v1/customers?limit=1`, { headers: { Authorization: 'Bearer sk_test_harness' } });
  return response.status === 200;
}

async function launch(port: number, socketDir: string): Promise<EngineProcess> {
  // Given only an HTTP address, stripe-mock also binds HTTPS on the fixed port 12112 (on every
  // interface), which two test files at once would fight over: its HTTPS goes to a private socket.
  const engine = spawnEngine(`stripe-mock :${port}`, BINARY, ['-http-addr', `${HOST}:${port}`, '-https-unix', join(socketDir, 'https.sock')]);
  await waitUntilReady(engine, () => answers(port), READY_TIMEOUT_MS);
  return engine;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function keyModeOf(authorization: string | undefined): 'test' | 'live' | undefined {
  return /^Bearer (?:sk|rk)_(test|live)_/.exec(authorization ?? '')?.[1] as 'test' | 'live' | undefined;
}

function record(incoming: IncomingMessage, body: Buffer, status: number): RecordedStripeRequest {
  return {
    method: incoming.method ?? 'GET',
    path: incoming.url ?? '/',
    ...(header(incoming.headers['idempotency-key']) && { idempotencyKey: header(incoming.headers['idempotency-key']) }),
    ...(header(incoming.headers['stripe-account']) && { stripeAccount: header(incoming.headers['stripe-account']) }),
    ...(keyModeOf(header(incoming.headers.authorization)) && { keyMode: keyModeOf(header(incoming.headers.authorization)), keyLast4: header(incoming.headers.authorization)!.slice(-4) }),
    form: Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
    status,
  };
}

/** The recording front: forwards each request to stripe-mock as it came and keeps what it saw. */
function startFront(mockPort: number, recorded: RecordedStripeRequest[], interferences: Map<string, Interference>): Promise<Server> {
  const front = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const interference = [...interferences].find(([prefix]) => (incoming.url ?? '').startsWith(prefix))?.[1];
      if (interference === 'hold') return void recorded.push(record(incoming, body, 0));
      if (interference) {
        recorded.push(record(incoming, body, interference.status));
        outgoing.writeHead(interference.status, { 'content-type': 'application/json' });
        return void outgoing.end(JSON.stringify({ error: { type: 'api_error', message: 'The front made this request fail (test)' } }));
      }
      const forwarded = httpRequest(
        { host: HOST, port: mockPort, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: `${HOST}:${mockPort}` } },
        (answer) => {
          recorded.push(record(incoming, body, answer.statusCode ?? 0));
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', (error) => {
        outgoing.writeHead(502, { 'content-type': 'text/plain' });
        outgoing.end(`stripe-mock front: ${error.message}`);
      });
      forwarded.end(body);
    });
  });
  return new Promise((resolveFront, reject) => {
    front.once('error', reject);
    front.listen(0, HOST, () => resolveFront(front));
  });
}

export async function startStripeMock(): Promise<StripeMockHarness> {
  ensureBinary();
  const socketDir = mkdtempSync(join(tmpdir(), 'stripe-mock-'));
  const { engine, port } = await launchOnFreePort((candidate) => launch(candidate, socketDir), HOST).catch((error: unknown) => {
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  });
  const recorded: RecordedStripeRequest[] = [];
  const interferences = new Map<string, Interference>();
  let front: Server;
  try {
    front = await startFront(port, recorded, interferences);
  } catch (error) {
    await engine.stop();
    rmSync(socketDir, { recursive: true, force: true });
    throw error;
  }
  let stopped = false;
  return {
    url: `http://${HOST}:${(front.address() as AddressInfo).port}`,
    requests: () => [...recorded],
    clearRequests: () => void recorded.splice(0),
    interfere(pathPrefix, interference) {
      if (interference === undefined) interferences.delete(pathPrefix);
      else interferences.set(pathPrefix, interference);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      front.closeAllConnections();
      await new Promise<void>((done) => front.close(() => done()));
      await engine.stop(2_000);
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

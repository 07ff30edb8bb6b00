// Starts stripe-mock (Stripe's own mock server: it answers every API route with fixtures and
// refuses any request its bundled OpenAPI does not allow) on a free loopback port. Its binary is
// built with Go by scripts/engines/stripe-mock/fetch.sh, which runs here when it is missing.
// stripe-mock keeps no state and ignores Idempotency-Key and Stripe-Account, so a recording
// front sits before it: every request passes through unchanged and is kept (method, path,
// those headers, the form body), so a test can see what reached Stripe.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
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
  /** The form body as Stripe reads it (bracketed keys: 'metadata[bookingId]'). */
  form: Record<string, string>;
  status: number;
}

export interface StripeMockHarness {
  /** http://127.0.0.1:<port> of the recording front: what STRIPE_API_URL points at. */
  url: string;
  /** Every request that went through, oldest first. */
  requests(): RecordedStripeRequest[];
  /** Forgets the requests recorded so far. */
  clearRequests(): void;
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

async function launch(port: number): Promise<EngineProcess> {
  const engine = spawnEngine(`stripe-mock :${port}`, BINARY, ['-http-addr', `${HOST}:${port}`]);
  await waitUntilReady(engine, () => answers(port), READY_TIMEOUT_MS);
  return engine;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The recording front: forwards each request to stripe-mock as it came and keeps what it saw. */
function startFront(mockPort: number, recorded: RecordedStripeRequest[]): Promise<Server> {
  const front = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = httpRequest(
        { host: HOST, port: mockPort, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: `${HOST}:${mockPort}` } },
        (answer) => {
          recorded.push({
            method: incoming.method ?? 'GET',
            path: incoming.url ?? '/',
            ...(header(incoming.headers['idempotency-key']) && { idempotencyKey: header(incoming.headers['idempotency-key']) }),
            ...(header(incoming.headers['stripe-account']) && { stripeAccount: header(incoming.headers['stripe-account']) }),
            form: Object.fromEntries(new URLSearchParams(body.toString('utf8'))),
            status: answer.statusCode ?? 0,
          });
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
  const { engine, port } = await launchOnFreePort(launch, HOST);
  const recorded: RecordedStripeRequest[] = [];
  let front: Server;
  try {
    front = await startFront(port, recorded);
  } catch (error) {
    await engine.stop();
    throw error;
  }
  let stopped = false;
  return {
    url: `http://${HOST}:${(front.address() as AddressInfo).port}`,
    requests: () => [...recorded],
    clearRequests: () => void recorded.splice(0),
    async stop() {
      if (stopped) return;
      stopped = true;
      front.closeAllConnections();
      await new Promise<void>((done) => front.close(() => done()));
      await engine.stop(2_000);
    },
  };
}

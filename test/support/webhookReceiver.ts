// A real webhook receiver on 127.0.0.1 for tests: records every request and answers each one
// as the test's script says (a status, or hold the request without answering).
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A status to answer with, or 'hang' to hold the request open without answering. */
export type Answer = number | 'hang';

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** Answers for the next requests, in order; after they run out, 200. */
  script(...answers: Answer[]): void;
  /** Resolves once `count` requests have arrived (bounded by `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let answers: Answer[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), path: request.url ?? '' });
      for (const wake of waiters.splice(0)) wake();
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') return;
      response.writeHead(answer, answer >= 300 && answer < 400 ? { location: 'http://127.0.0.1:1/elsewhere' } : {});
      response.end(answer >= 200 && answer < 300 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    script(...next) {
      answers = next;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} requests, expected ${count}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

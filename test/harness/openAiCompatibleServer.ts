// A real local HTTP server speaking the OpenAI chat-completions wire format, for tests of
// the LLM path. Each test scripts the next replies (structured JSON, plain text, a slow
// answer, an HTTP error, a refusal) and then inspects what the server received.
// Listens on 127.0.0.1 on a free port; close() also drops connections still waiting on a
// slow reply, so a test run never hangs on it.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply =
  /** Structured output: `content` is sent JSON-encoded as the assistant message. */
  | { kind: 'json'; content: unknown; delayMs?: number }
  | { kind: 'text'; content: string; delayMs?: number }
  | { kind: 'error'; status: number; message?: string; delayMs?: number }
  | { kind: 'refusal'; refusal: string; delayMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: any;
  /** The client hung up before the reply was sent (e.g. its budget aborted the call). */
  aborted: boolean;
}

export interface OpenAiCompatibleServer {
  /** Pass as the SDK's baseURL; ends in /v1 like the real API. */
  baseURL: string;
  requests: RecordedRequest[];
  /** Queues replies for the next requests, in order. An unscripted request gets a 500. */
  reply(...replies: ScriptedReply[]): void;
  /** Resolves once every request received so far has been answered or abandoned by its client. */
  settled(): Promise<void>;
  /** Clears recorded requests and queued replies. */
  reset(): void;
  close(): Promise<void>;
}

let completionCounter = 0;

function completion(model: string, message: { content: string | null; refusal: string | null }) {
  completionCounter += 1;
  return {
    id: `chatcmpl-local-${completionCounter}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop', logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

function answer(res: ServerResponse, reply: ScriptedReply, model: string): void {
  switch (reply.kind) {
    case 'json':
      return send(res, 200, completion(model, { content: JSON.stringify(reply.content), refusal: null }));
    case 'text':
      return send(res, 200, completion(model, { content: reply.content, refusal: null }));
    case 'refusal':
      return send(res, 200, completion(model, { content: null, refusal: reply.refusal }));
    case 'error':
      return send(res, reply.status, { error: { message: reply.message ?? 'scripted failure', type: 'server_error', param: null, code: null } });
  }
}

export async function startOpenAiCompatibleServer(): Promise<OpenAiCompatibleServer> {
  const requests: RecordedRequest[] = [];
  let queue: ScriptedReply[] = [];
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const finished = () => {
    inFlight -= 1;
    if (inFlight === 0) {
      const ready = waiters;
      waiters = [];
      ready.forEach((resolve) => resolve());
    }
  };

  const server = createServer((req, res) => {
    inFlight += 1;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const record: RecordedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, aborted: false };
      requests.push(record);

      let timer: NodeJS.Timeout | undefined;
      res.on('close', () => {
        if (timer) clearTimeout(timer);
        if (!res.writableFinished) record.aborted = true;
        finished();
      });
      if (req.method !== 'POST' || !record.path.endsWith('/chat/completions')) {
        send(res, 404, { error: { message: `no route ${req.method} ${record.path}`, type: 'invalid_request_error' } });
        return;
      }
      const reply = queue.shift() ?? { kind: 'error', status: 500, message: 'no scripted reply for this request' };
      const model = body && typeof body === 'object' && 'model' in body && typeof body.model === 'string' ? body.model : 'unknown';
      if (reply.delayMs) timer = setTimeout(() => answer(res, reply, model), reply.delayMs);
      else answer(res, reply, model);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    settled: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    reset: () => {
      requests.length = 0;
      queue = [];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

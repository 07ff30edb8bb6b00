// Sends every benchmark request once before the load runs and refuses to go on unless each
// one succeeds: a benchmark of 401/403/429/500 answers would measure the error path.
import type { BenchRequest } from './benchScenarios';

export interface PreflightAnswer {
  path: string;
  body?: string;
  status: number;
  /** `total` (consumer) or `pagination.total` (listings) from the answer. */
  total: number;
  returned: number;
}

/** The exact bytes the server answered, for the transport floor (replayServer.ts); kept out of the JSON report. */
export interface RecordedAnswer {
  method: BenchRequest['method'];
  path: string;
  body?: string;
  contentType: string;
  response: string;
}

export async function preflight(
  baseUrl: string,
  apiKey: string,
  requests: BenchRequest[],
): Promise<{ answers: PreflightAnswer[]; recorded: RecordedAnswer[] }> {
  const answers: PreflightAnswer[] = [];
  const recorded: RecordedAnswer[] = [];
  for (const request of requests) {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
      ...(request.body !== undefined && { body: request.body }),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`preflight: ${request.method} ${request.path}${request.body ? ` ${request.body}` : ''} answered ${response.status}: ${text.slice(0, 400)}`);
    }
    const data = (JSON.parse(text) as { data?: { total?: number; businesses?: unknown[]; pagination?: { total?: number } } }).data ?? {};
    answers.push({
      path: request.path,
      ...(request.body !== undefined && { body: request.body }),
      status: response.status,
      total: data.total ?? data.pagination?.total ?? 0,
      returned: data.businesses?.length ?? 0,
    });
    recorded.push({
      method: request.method,
      path: request.path,
      ...(request.body !== undefined && { body: request.body }),
      contentType: response.headers.get('content-type') ?? 'application/json',
      response: text,
    });
  }
  return { answers, recorded };
}

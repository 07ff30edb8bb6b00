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

export async function preflight(baseUrl: string, apiKey: string, requests: BenchRequest[]): Promise<PreflightAnswer[]> {
  const answers: PreflightAnswer[] = [];
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
  }
  return answers;
}

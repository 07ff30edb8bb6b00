// The Elasticsearch client of the search index. The transport gives each node connection one
// timeout (30 s when the node is given as a URL string) that undici enforces on every request;
// a per-request `requestTimeout` only shortens it, never lengthens it. A rebuild's finishing
// steps (refresh, force merge of a million documents) run for minutes, so the connection gets
// the longest timeout any request may ask for, and every other request keeps the client's default.
import { Client, type NodeOptions } from '@elastic/elasticsearch';

/** The longest a single request may take: a rebuild's finishing steps (see aliasManager.ts). */
export const LONGEST_REQUEST_MS = 30 * 60_000;

export interface ElasticsearchClientOptions {
  node: string;
  /** Every request's timeout unless it asks for another one (default 30 s). */
  requestTimeoutMs?: number;
  /** The most a request may ask for (default LONGEST_REQUEST_MS). */
  longestRequestMs?: number;
}

export function createElasticsearchClient(options: ElasticsearchClientOptions): Client {
  const requestTimeout = options.requestTimeoutMs ?? 30_000;
  // The client copies its own requestTimeout into the connection unless the node names one;
  // NodeOptions' type leaves `timeout` out although the client reads it.
  const node: NodeOptions & { timeout: number } = {
    url: new URL(options.node),
    timeout: Math.max(requestTimeout, options.longestRequestMs ?? LONGEST_REQUEST_MS),
  };
  return new Client({ node, requestTimeout });
}

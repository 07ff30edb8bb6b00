// The search index's Elasticsearch client (elasticsearchClient.ts) against a slow server on
// loopback: requests keep the default timeout, a rebuild step may ask for a longer one, and the
// connection's own timeout is what caps it (the transport's behaviour this client works around).
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors } from '@elastic/elasticsearch';
import { createElasticsearchClient } from '../../src/adapters/elasticsearch/elasticsearchClient';

// Past a second: undici checks a connection's timeouts on a coarse clock (about once a second),
// so a shorter wait could outrun a timeout that is already due.
const ANSWER_AFTER_MS = 3_000;

describe('elasticsearch client timeouts', () => {
  let server: Server;
  let node: string;
  beforeAll(async () => {
    // Answers every request after ANSWER_AFTER_MS, as an Elasticsearch node would (the client checks the product header).
    server = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json', 'x-elastic-product': 'Elasticsearch' });
        response.end(JSON.stringify({ name: 'slow', cluster_name: 'test', version: { number: '8.19.0' }, tagline: 'You Know, for Search' }));
      }, ANSWER_AFTER_MS);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    node = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('times a request out at the default, and lets one ask for longer than the default', async () => {
    const client = createElasticsearchClient({ node, requestTimeoutMs: 200, longestRequestMs: 5_000 });
    try {
      await expect(client.info({}, { maxRetries: 0 })).rejects.toBeInstanceOf(errors.TimeoutError);
      await expect(client.info({}, { maxRetries: 0, requestTimeout: 8_000 })).resolves.toMatchObject({ name: 'slow' });
    } finally {
      await client.close();
    }
  });

  it('cannot wait longer than the connection allows, which is why it allows the longest step', async () => {
    const client = createElasticsearchClient({ node, requestTimeoutMs: 200, longestRequestMs: 300 });
    try {
      await expect(client.info({}, { maxRetries: 0, requestTimeout: 8_000 })).rejects.toBeInstanceOf(errors.TimeoutError);
    } finally {
      await client.close();
    }
  });
});

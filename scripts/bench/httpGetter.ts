// GET requests at one connection (a keep-alive socket) to a server listening on loopback; any
// answer but 200 rejects, so no figure is ever measured over failures.
import { Agent, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export function createHttpGetter(server: Server, apiKey: string): (path: string) => Promise<void> {
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  server.once('close', () => agent.destroy());
  return (path) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers: { Authorization: `Bearer ${apiKey}` } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`))));
      });
      req.on('error', reject);
      req.end();
    });
}

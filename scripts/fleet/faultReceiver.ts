// The fault run's webhook receiver on 127.0.0.1: answers 200 to everything and remembers, per
// webhook-id, how often it came and whether the repeats carried the same body, and when each
// acknowledged write (by its tagline) and booking (by its id) was first delivered.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FaultReceiver {
  url: string;
  /** First delivery time of a write's tagline or a booking's id. */
  firstSeen(key: string): number | undefined;
  missing(taglines: string[], bookingIds: string[]): string[];
  summary(): { received: number; distinctIds: number; repeatedIds: number; repeatsDiffering: number };
  close(): Promise<void>;
}

export async function faultReceiver(): Promise<FaultReceiver> {
  const byWebhookId = new Map<string, { count: number; body: string; differing: boolean }>();
  const seen = new Map<string, number>();
  let received = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received++;
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id'] ?? '');
      const known = byWebhookId.get(id);
      if (known) {
        known.count++;
        known.differing ||= known.body !== body;
      } else byWebhookId.set(id, { count: 1, body, differing: false });
      try {
        const event = JSON.parse(body) as { type: string; data: { tagline?: string; id?: string } };
        const key = event.type === 'booking.created' ? event.data.id : event.data.tagline;
        if (key && !seen.has(key)) seen.set(key, Date.now());
      } catch {
        // not an event body: counted, not keyed
      }
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    firstSeen: (key) => seen.get(key),
    missing: (taglines, bookingIds) => [...taglines, ...bookingIds].filter((key) => !seen.has(key)),
    summary: () => ({
      received,
      distinctIds: byWebhookId.size,
      repeatedIds: [...byWebhookId.values()].filter((entry) => entry.count > 1).length,
      repeatsDiffering: [...byWebhookId.values()].filter((entry) => entry.differing).length,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

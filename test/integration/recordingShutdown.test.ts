// Recorded analytics events wait in memory for at most one flush interval; SIGTERM writes them
// before the process exits. With a one-minute interval, nothing is stored while the server runs
// and the search's events are stored once it has stopped.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { completeProfileBody } from '../http/actors';
import { startApiServer } from '../harness/apiServer';

function storedImpressions(dataDir: string): number {
  const db = new Database(join(dataDir, 'analytics.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT COUNT(*) AS n FROM analytics_events WHERE type = 'impression'").get() as { n: number }).n;
  } finally {
    db.close();
  }
}

it('writes the buffered events of answers on SIGTERM', async () => {
  const server = await startApiServer({ ANALYTICS_FLUSH_INTERVAL_MS: '60000', LOG_LEVEL: 'info' });
  try {
    const json = { 'Content-Type': 'application/json' };
    const account = { email: 'flush@example.com', password: 'long enough password' };
    expect((await fetch(`${server.url}/auth/register`, { method: 'POST', headers: json, body: JSON.stringify({ ...account, name: 'F' }) })).status).toBe(201);
    const login = (await (await fetch(`${server.url}/auth/login`, { method: 'POST', headers: json, body: JSON.stringify(account) })).json()) as { data: { accessToken: string } };
    const auth = { ...json, Authorization: `Bearer ${login.data.accessToken}` };
    const created = (await (await fetch(`${server.url}/business/profile`, { method: 'POST', headers: auth, body: JSON.stringify(completeProfileBody({ name: 'Shutdown Tacos' })) })).json()) as { data: { id: string } };
    expect((await fetch(`${server.url}/business/profile/${created.data.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ status: 'published' }) })).status).toBe(200);

    let found = 0;
    // Bounded: the in-process indexer makes the profile searchable within a few polls.
    for (let attempt = 0; attempt < 100 && found === 0; attempt += 1) {
      const search = (await (await fetch(`${server.url}/api/v1/consumer/search`, { method: 'POST', headers: auth, body: JSON.stringify({ query: 'shutdown tacos' }) })).json()) as { data: { businesses: unknown[] } };
      found = search.data.businesses.length;
      if (found === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(found).toBe(1);
    expect(storedImpressions(server.dataDir)).toBe(0);

    process.kill(server.process.pid, 'SIGTERM');
    expect(await server.process.exited).toBe('0');

    expect(storedImpressions(server.dataDir)).toBe(1);
  } finally {
    await server.stop();
  }
}, 60_000);

// The dispatcher's durability and fairness on a real SQLite store and a real receiver on
// 127.0.0.1: a dispatcher that dies mid-attempt leaves a lease that another takes over (the
// receiver sees the same webhook-id again, nothing is lost, and the dead one's late answer cannot
// overwrite the newer record); concurrency is bounded per endpoint and in total; five failing
// days disable an endpoint with its reason.
import { Webhook } from 'standardwebhooks';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createAddressPolicy } from '../../src/domain/webhooks/addressPolicy';
import { createSecretBox, newSigningSecret } from '../../src/domain/webhooks/secretBox';
import { createLogger } from '../../src/logger';
import { newDelivery } from '../../src/services/webhooks/webhookDeliveries';
import { webhookEvent } from '../../src/services/webhooks/webhookEvents';
import { createWebhookDispatcher, type DispatcherOptions } from '../../src/services/webhooks/dispatcher';
import type { SendRequest } from '../../src/services/webhooks/httpDelivery';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const box = createSecretBox('dispatcher-test-key-material-0123456789');
const policy = createAddressPolicy('127.0.0.1/32');
const logger = createLogger('silent');

let store: SqliteStore;
let receiver: WebhookReceiver;

beforeEach(async () => {
  store = createSqliteStore({ file: ':memory:' });
  receiver = await startWebhookReceiver();
});
afterEach(async () => {
  await receiver.close();
  await store.close();
});

async function anEndpoint(url = receiver.url, secret = newSigningSecret()) {
  const id = `we_${Math.random().toString(36).slice(2, 14)}`;
  const at = new Date().toISOString();
  await store.webhooks.createEndpoint({
    id, accountId: 'acct_dispatch01', environment: 'live', url, events: ['*'], enabled: true,
    secrets: [{ sealed: box.seal(secret, id), createdAt: at }], createdAt: at, updatedAt: at,
  });
  return { id, secret };
}

async function queue(endpointId: string, count = 1) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const event = webhookEvent('webhook.test', { accountId: 'acct_dispatch01', environment: 'live' }, { n: i }, new Date(), endpointId);
    await store.webhooks.appendEvents([event]);
    await store.webhooks.fanOut(event.id, [newDelivery(event, { id: endpointId }, new Date())]);
    ids.push(event.id);
  }
  return ids;
}

const dispatcher = (options: Partial<DispatcherOptions> = {}) =>
  createWebhookDispatcher({ webhooks: store.webhooks, secrets: box, policy, logger, schedule: [0, 0, 0], timeoutMs: 5_000, leaseMs: 60_000, ...options });

describe('a dispatcher that dies mid-attempt', () => {
  it('leaves a lease that another dispatcher takes over once it runs out: delivered once more, same webhook-id, nothing lost', async () => {
    const { id, secret } = await anEndpoint();
    const [eventId] = await queue(id);
    // The first dispatcher's attempt never ends (its process is gone): its send step hangs.
    let finishDeadAttempt: (value: { status: number }) => void = () => undefined;
    const dead = dispatcher({ send: (request: SendRequest) => { receiver.received.push({ headers: request.headers, body: request.body, path: 'dead' }); return new Promise((resolve) => (finishDeadAttempt = resolve)); } });
    const deadPass = dead.runOnce();
    await receiver.waitFor(1);
    const leased = (await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0];
    expect(leased.status).toBe('delivering');

    // Before the lease runs out nobody else takes it.
    const early = dispatcher();
    await early.runOnce();
    expect(receiver.received).toHaveLength(1);

    // After it ran out (a clock 61 s ahead), the restarted dispatcher delivers it over HTTP.
    const restarted = dispatcher({ clock: () => new Date(Date.now() + 61_000) });
    await restarted.runOnce();
    expect(receiver.received).toHaveLength(2);
    const redelivered = receiver.received[1];
    expect(redelivered.headers['webhook-id']).toBe(eventId);
    expect(new Webhook(secret).verify(redelivered.body, redelivered.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    // The dead attempt's late failure cannot overwrite the delivered record.
    finishDeadAttempt({ status: 500 });
    await deadPass;
    const final = (await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0];
    expect(final.status).toBe('delivered');
    expect(final.attemptCount).toBe(1);
    expect(final.attempts.map((a) => a.responseStatus)).toEqual([200]);
  });
});

describe('concurrency', () => {
  it('never runs more than maxPerEndpoint attempts to one endpoint, nor more than maxInFlight in total', async () => {
    const slow = await anEndpoint('https://slow.example/in');
    const other = await anEndpoint('https://other.example/in');
    await queue(slow.id, 6);
    await queue(other.id, 3);
    let running = 0;
    let peak = 0;
    const peakPer = new Map<string, number>();
    const runningPer = new Map<string, number>();
    const send = async (request: SendRequest) => {
      const host = request.url.hostname;
      running += 1;
      runningPer.set(host, (runningPer.get(host) ?? 0) + 1);
      peak = Math.max(peak, running);
      peakPer.set(host, Math.max(peakPer.get(host) ?? 0, runningPer.get(host)!));
      await new Promise((resolve) => setTimeout(resolve, 20));
      running -= 1;
      runningPer.set(host, runningPer.get(host)! - 1);
      return { status: 204 };
    };
    const bounded = dispatcher({ send, resolve: async () => [{ address: '93.184.216.34', family: 4 }], maxPerEndpoint: 2, maxInFlight: 3 });
    for (let pass = 0; pass < 10; pass++) await bounded.runOnce();
    const delivered = async (endpointId: string) => (await store.webhooks.pageDeliveries(endpointId, { limit: 10 })).items.filter((d) => d.status === 'delivered').length;
    expect(await delivered(slow.id)).toBe(6);
    expect(await delivered(other.id)).toBe(3);
    expect(peakPer.get('slow.example')).toBe(2);
    expect(peak).toBe(3);
    // The first pass gave the other endpoint a slot although the slow one had more waiting.
    expect(peakPer.get('other.example')).toBeGreaterThanOrEqual(1);
  });
});

describe('an endpoint failing for five days', () => {
  it('is disabled with the reason, while an endpoint failing for less stays enabled', async () => {
    const { id } = await anEndpoint();
    receiver.script(500, 500, 500, 500);
    await queue(id);
    const firstFailure = Date.now();
    await dispatcher({ schedule: [] }).runOnce();
    expect((await store.webhooks.getEndpoint(id))?.enabled).toBe(true);
    expect((await store.webhooks.getEndpoint(id))?.failingSince).toBeDefined();

    // Four days later another event fails: still enabled.
    await queue(id);
    await dispatcher({ schedule: [], clock: () => new Date(firstFailure + 4 * 86_400_000) }).runOnce();
    expect((await store.webhooks.getEndpoint(id))?.enabled).toBe(true);

    // Five days and a minute after the first failure: disabled, and the owner can read why.
    await queue(id);
    await dispatcher({ schedule: [], clock: () => new Date(firstFailure + 5 * 86_400_000 + 60_000) }).runOnce();
    const disabled = await store.webhooks.getEndpoint(id);
    expect(disabled?.enabled).toBe(false);
    expect(disabled?.disabledReason).toContain('Every attempt failed for 5 days');
    expect(disabled?.disabledReason).toContain('the receiver answered 500');
  });

  it('starts the failure clock again after a delivery', async () => {
    const { id } = await anEndpoint();
    receiver.script(500, 200);
    await queue(id);
    await dispatcher().runOnce();
    expect((await store.webhooks.getEndpoint(id))?.failingSince).toBeDefined();
    await dispatcher().runOnce();
    expect((await store.webhooks.getEndpoint(id))?.failingSince).toBeUndefined();
  });
});

// `npm run webhooks` as a real process: SIGKILLed while a receiver on 127.0.0.1 holds its attempt
// open, then started again. The delivery's lease runs out (WEBHOOK_LEASE_SECONDS=6, above the 5 s attempt timeout, so the killed attempt cannot have timed out first) and the new
// process delivers it: the receiver sees the same webhook-id a second time, verifies it with the
// standardwebhooks library, and the store records it delivered. Nothing is lost. A SIGTERM, by
// contrast, lets the attempt in flight finish and be recorded before the process exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { createSecretBox, newSigningSecret } from '../../src/domain/webhooks/secretBox';
import { newDelivery } from '../../src/services/webhooks/webhookDeliveries';
import { webhookEvent } from '../../src/services/webhooks/webhookEvents';
import { spawnEngine, type EngineProcess } from '../harness/engineProcess';
import { TYPESCRIPT_ENTRY } from '../harness/typescriptEntry';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhookReceiver';

const ROOT = resolve(__dirname, '../..');
const TSX = TYPESCRIPT_ENTRY;
const SECRET_KEY = 'worker-restart-test-key-0123456789abcdef';

jest.setTimeout(120_000);

let dir: string;
let store: SqliteStore;
let receiver: WebhookReceiver;
const workers: EngineProcess[] = [];

function startWorker(): EngineProcess {
  const worker = spawnEngine('webhooks', process.execPath, [...TSX, 'src/runtime/webhookWorker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      WEBHOOK_ALLOWED_CIDRS: '127.0.0.1/32',
      WEBHOOK_SECRET_KEY: SECRET_KEY,
      WEBHOOK_TIMEOUT_SECONDS: '5',
      WEBHOOK_LEASE_SECONDS: '6',
    },
  });
  workers.push(worker);
  return worker;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bdapi-webhooks-'));
  store = createSqliteStore({ file: join(dir, 'store.db') });
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  for (const worker of workers) await worker.stop(5_000);
  await receiver.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** An endpoint on the receiver with one webhook.test delivery due now. */
async function dueDelivery(id: string, accountId: string, data: Record<string, unknown>) {
  const secret = newSigningSecret();
  const at = new Date().toISOString();
  await store.webhooks.createEndpoint({
    id, accountId, environment: 'live', url: receiver.url, events: ['*'], enabled: true,
    secrets: [{ sealed: createSecretBox(SECRET_KEY).seal(secret, id), createdAt: at }], createdAt: at, updatedAt: at,
  });
  const event = webhookEvent('webhook.test', { accountId, environment: 'live' }, data, new Date(), id);
  await store.webhooks.appendEvents([event]);
  await store.webhooks.fanOut(event.id, [newDelivery(event, { id }, new Date())]);
  return { secret, event };
}

it('delivers again, with the same webhook-id, after the dispatcher is killed mid-delivery and restarted', async () => {
  const id = 'we_restart0000000001';
  const { secret, event } = await dueDelivery(id, 'acct_restart01', { hello: 'restart' });

  receiver.script('hang', 200);
  const first = startWorker();
  await receiver.waitFor(1, 60_000);
  process.kill(-first.pid, 'SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  expect((await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0].status).toBe('delivering');

  startWorker();
  await receiver.waitFor(2, 60_000);
  const [killed, again] = receiver.received;
  expect(again.headers['webhook-id']).toBe(event.id);
  expect(killed.headers['webhook-id']).toBe(event.id);
  expect(new Webhook(secret).verify(again.body, again.headers as Record<string, string>)).toEqual({ type: 'webhook.test', timestamp: event.createdAt, data: { hello: 'restart' } });

  // The restarted worker records the delivery (bounded wait for its write).
  const deadline = Date.now() + 20_000;
  let delivery = (await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0];
  while (delivery.status !== 'delivered' && Date.now() < deadline) {
    await new Promise((wait) => setTimeout(wait, 100));
    delivery = (await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0];
  }
  expect(delivery).toMatchObject({ status: 'delivered', attemptCount: 1 });
  expect(receiver.received).toHaveLength(2);
});

it('on SIGTERM finishes the attempt in flight, records it, and exits 0', async () => {
  // The worker left running by the test above stops first, cleanly (afterAll stops any still running).
  for (const running of workers.filter((candidate) => !candidate.hasExited())) {
    process.kill(-running.pid, 'SIGTERM');
    expect(await running.exited).toBe('0');
  }
  const id = 'we_sigterm0000000001';
  const { event } = await dueDelivery(id, 'acct_sigterm01', { hello: 'sigterm' });

  const before = receiver.received.length;
  receiver.script('hang');
  const worker = startWorker();
  await receiver.waitFor(before + 1, 60_000);
  // To the whole group, as a terminal's Ctrl-C or a container stop does (tsx and the node under it).
  process.kill(-worker.pid, 'SIGTERM');
  expect(await worker.exited).toBe('0');
  // The hung attempt ran into its 5 s timeout before the exit, and was recorded as a failed attempt to retry.
  const delivery = (await store.webhooks.pageDeliveries(id, { limit: 1 })).items[0];
  expect(delivery).toMatchObject({ status: 'pending', attemptCount: 1 });
  expect(receiver.received[before].headers['webhook-id']).toBe(event.id);
});

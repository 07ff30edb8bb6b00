// The README's "Receive webhooks" receiver, run as written (only its port changed to a free
// loopback one): the real dispatcher delivers a profile.created to it, it verifies the signature
// with standardwebhooks and answers 204, so the delivery is recorded delivered; a request without
// a valid signature gets 400.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { freePort } from '../harness/freePort';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../harness/engineProcess';
import { completeProfileBody, signUp } from '../http/actors';
import { buildWebhookTestApp, drain, testDispatcher, type WebhookTestApp } from '../http/webhookSetup';

const ROOT = resolve(__dirname, '../..');

function readmeReceiver(port: number): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Receive webhooks'));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code?.includes('.listen(3000)')) throw new Error('README: no receiver listening on 3000 under "## Receive webhooks"');
  return code.replace('.listen(3000)', `.listen(${port}, '127.0.0.1')`);
}

let app: WebhookTestApp;
let receiver: EngineProcess | undefined;

afterAll(async () => {
  await receiver?.stop(2_000);
  await app?.close();
});

it('the README receiver verifies a real delivery (204, recorded delivered) and refuses an unsigned request (400)', async () => {
  app = await buildWebhookTestApp();
  const owner = await signUp(app, 'readme-receiver');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const endpoint = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url, events: ['profile.created'] });
  expect(endpoint.status).toBe(201);

  // `node -e` from the repository root, so require('standardwebhooks') resolves as in a user's project.
  receiver = spawnEngine('readme receiver', process.execPath, ['-e', readmeReceiver(port)], {
    cwd: ROOT,
    env: { ...process.env, WEBHOOK_SECRET: endpoint.body.data.secret },
  });
  let unsigned = 0;
  await waitUntilReady(receiver, async () => (unsigned = (await fetch(url, { method: 'POST', body: '{}' })).status) > 0, 20_000);
  expect(unsigned).toBe(400);

  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody());
  expect(created.status).toBe(201);
  await drain(app, testDispatcher(app));
  const deliveries = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.body.data.id}/deliveries`).set(owner.auth);
  expect(deliveries.body.data.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  // What it printed travels over a pipe, not the answered socket: wait for it (bounded).
  const printed = `profile.created ${created.body.data.id}`;
  for (let tries = 0; tries < 100 && !receiver.output().includes(printed); tries++) await new Promise((wait) => setTimeout(wait, 50));
  expect(receiver.output()).toContain(printed);
}, 60_000);

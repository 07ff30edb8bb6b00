// The webhook receiver docs/webhooks.md (an ES module) shows, run as written (only the port changed to a free loopback one): the real
// dispatcher delivers a profile.created to each, it verifies the signature with standardwebhooks
// and answers 204, so the delivery is recorded delivered; a request without a valid signature gets 400.
import request from 'supertest';
import { freePort } from '../harness/freePort';
import { spawnEngine, waitUntilReady, type EngineProcess } from '../harness/engineProcess';
import { completeProfileBody, signUp } from '../http/actors';
import { buildWebhookTestApp, drain, testDispatcher, type WebhookTestApp } from '../http/webhookSetup';
import { markdownBlocks, ROOT } from './markdownBlocks';

interface Receiver {
  code: string;
  module: boolean;
  secretVariable: string;
}

function receiverIn(file: string): Receiver {
  const block = markdownBlocks(file).find((candidate) => candidate.language === 'js' && candidate.code.includes('.listen(3000)'));
  if (!block) throw new Error(`${file}: no js block with a receiver listening on 3000`);
  const secretVariable = /process\.env\.(\w+)/.exec(block.code)?.[1];
  if (!secretVariable) throw new Error(`${file}: the receiver reads no secret from process.env`);
  return { code: block.code, module: /^import /m.test(block.code), secretVariable };
}

// Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
const teardown = new AsyncDisposableStack();
let app: WebhookTestApp;
const receivers: EngineProcess[] = [];

beforeAll(async () => {
  app = teardown.adopt(await buildWebhookTestApp(), (opened) => opened.close());
  teardown.defer(async () => {
    for (const receiver of receivers) await receiver.stop(2_000);
  });
});
afterAll(() => teardown.disposeAsync());

it.each(['docs/webhooks.md'])('the %s receiver verifies a real delivery (204, recorded delivered) and refuses an unsigned request (400)', async (file) => {
  const receiver = receiverIn(file);
  const owner = await signUp(app, `receiver-${receivers.length}`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const endpoint = await request(app.callback).post('/v1/webhooks/endpoints').set(owner.auth).send({ url, events: ['profile.created'] });
  expect(endpoint.status).toBe(201);

  // `node -e` from the repository root, so the standardwebhooks import resolves as in a user's project.
  const code = receiver.code.replace('.listen(3000)', `.listen(${port}, '127.0.0.1')`);
  const running = spawnEngine(`${file} receiver`, process.execPath, [...(receiver.module ? ['--input-type=module'] : []), '-e', code], {
    cwd: ROOT,
    env: { ...process.env, [receiver.secretVariable]: endpoint.body.data.secret },
  });
  receivers.push(running);
  let unsigned = 0;
  await waitUntilReady(running, async () => (unsigned = (await fetch(url, { method: 'POST', body: '{}' })).status) > 0, 20_000);
  expect(unsigned).toBe(400);

  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: `Receiver test ${receivers.length}` }));
  expect(created.status).toBe(201);
  await drain(app, testDispatcher(app));
  const deliveries = await request(app.callback).get(`/v1/webhooks/endpoints/${endpoint.body.data.id}/deliveries`).set(owner.auth);
  expect(deliveries.body.data.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
  // What it printed travels over a pipe, not the answered socket: wait for it (bounded).
  const printed = `profile.created ${created.body.data.id}`;
  for (let tries = 0; tries < 100 && !running.output().includes(printed); tries++) await new Promise((wait) => setTimeout(wait, 50));
  expect(running.output()).toContain(printed);
}, 60_000);

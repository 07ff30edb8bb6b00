// The request thread the analytics writers run on (src/adapters/requestThread.ts), with a real
// worker thread: answers come back in the order asked even when the first is the slowest, a
// refusal crosses as its plain fields, a thread that dies fails what it held and the next request
// starts a new one, and close waits for the requests sent before it.
import { join } from 'node:path';
import { createRequestThread, type ThreadError } from '../../src/adapters/requestThread';
import type { EchoRequest } from '../fixtures/echoThread';

function echoThread() {
  const failures: ThreadError[] = [];
  const thread = createRequestThread<EchoRequest>({
    bodyFile: join(__dirname, '..', 'fixtures', 'echoThread.ts'),
    workerData: null,
    name: 'echo thread',
    failure: (error) => {
      failures.push(error);
      return new Error(`refused: ${error.message}`);
    },
  });
  return { thread, failures };
}

it('answers requests in the order they were sent, one at a time', async () => {
  const { thread } = echoThread();
  const finished: string[] = [];
  const asked = [
    thread.send<string>({ kind: 'echo', value: 'slow', delayMs: 150 }).then((value) => finished.push(value)),
    thread.send<string>({ kind: 'echo', value: 'quick', delayMs: 0 }).then((value) => finished.push(value)),
  ];
  await Promise.all(asked);
  expect(finished).toEqual(['slow', 'quick']);
  await thread.close();
});

it("rejects a refused request with the caller's error, built from the thread's plain fields", async () => {
  const { thread, failures } = echoThread();
  await expect(thread.send({ kind: 'refuse' })).rejects.toThrow('refused: busy');
  expect(failures).toEqual([{ name: 'UnavailableError', message: 'busy', code: 'SERVICE_UNAVAILABLE', detail: 'the engine said 429', retryAfterSeconds: 1 }]);
  await thread.close();
});

it('fails the requests a dying thread held, and starts a new thread for the next one', async () => {
  const { thread } = echoThread();
  const dying = thread.send({ kind: 'die' });
  // Sent before the thread died, handled only after the request before it: never answered.
  const held = thread.send({ kind: 'echo', value: 'lost', delayMs: 0 });
  await expect(dying).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The echo thread stopped' });
  await expect(held).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The echo thread stopped' });
  await expect(thread.send({ kind: 'echo', value: 'again', delayMs: 0 })).resolves.toBe('again');
  await thread.close();
});

it('closes after the requests sent before close, and refuses any sent after', async () => {
  const { thread } = echoThread();
  const before = thread.send<string>({ kind: 'echo', value: 'before', delayMs: 50 });
  const closed = thread.close();
  await expect(before).resolves.toBe('before');
  await closed;
  await expect(thread.send({ kind: 'echo', value: 'after', delayMs: 0 })).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: 'The echo thread is closed' });
});

// A test app with webhooks: the real app on SQLite (WEBHOOK_ALLOWED_CIDRS=127.0.0.1/32), a
// mutable clock for the API, and a dispatcher driven pass by pass with a fast retry schedule.
import pino from 'pino';
import { createAddressPolicy } from '../../src/domain/webhooks/addressPolicy';
import type { RetrySchedule } from '../../src/domain/webhooks/retrySchedule';
import { createSecretBox } from '../../src/domain/webhooks/secretBox';
import { createLogger, type Logger } from '../../src/logger';
import { createWebhookDispatcher, type DispatcherOptions, type WebhookDispatcher } from '../../src/services/webhooks/dispatcher';
import { buildTestApp, type TestApp } from './testApp';

export const WEBHOOK_SECRET_KEY = 'webhook-secret-key-for-tests-0123456789abcdef';
export const ALLOWED_CIDRS = '127.0.0.1/32';
/** Retries at once: the schedule's length (attempts) is what the tests look at, not its delays. */
export const FAST_SCHEDULE: RetrySchedule = [0, 0, 0, 0, 0];

export interface WebhookTestApp extends TestApp {
  /** Moves the API's clock (rotation overlaps); 0 = real time. */
  shiftClock(ms: number): void;
}

export async function buildWebhookTestApp(): Promise<WebhookTestApp> {
  let offset = 0;
  const app = await buildTestApp({
    config: {
      jsonBodyLimit: 1024 * 1024,
      jwtSecret: 'test-secret-that-is-at-least-32-characters-long',
      webhooks: { allowedCidrs: ALLOWED_CIDRS, secretKey: WEBHOOK_SECRET_KEY },
    },
    clock: () => new Date(Date.now() + offset),
  });
  return Object.assign(app, { shiftClock: (ms: number) => void (offset = ms) });
}

/** Collects log lines so a test can assert what was logged. */
export function recordingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger: Logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

export function testDispatcher(app: TestApp, options: Partial<DispatcherOptions> = {}): WebhookDispatcher {
  return createWebhookDispatcher({
    webhooks: app.store.webhooks,
    secrets: createSecretBox(WEBHOOK_SECRET_KEY),
    policy: createAddressPolicy(ALLOWED_CIDRS),
    logger: createLogger('silent'),
    schedule: FAST_SCHEDULE,
    timeoutMs: 5_000,
    ...options,
  });
}

/** Runs dispatcher passes until no event waits for fan-out and no delivery is due (at most `passes`). */
export async function drain(app: TestApp, dispatcher: WebhookDispatcher, passes = 20): Promise<void> {
  for (let pass = 0; pass < passes; pass++) {
    await dispatcher.runOnce();
    const waiting = await app.store.webhooks.eventsToFanOut(1);
    const due = await app.store.webhooks.dueDeliveries(new Date().toISOString(), 1);
    if (waiting.length === 0 && due.length === 0) return;
  }
  throw new Error(`deliveries still due after ${passes} dispatcher passes`);
}

// The webhook dispatcher: fans outbox events out to the subscribed endpoints, leases due
// deliveries, signs each attempt per Standard Webhooks (with the standardwebhooks library) and
// records it. Runs in the API process by default, or alone with `npm run webhooks`; several may
// run at once on one store (leases are compare-and-swaps).
//
// - At least once: a delivery is leased before its attempt; a process that dies mid-attempt
//   leaves the lease to run out, and the delivery is attempted again. Every attempt carries the
//   event's id as webhook-id, so receivers de-duplicate.
// - Ordering is not promised: retries, concurrency and several dispatchers reorder events.
// - Concurrency: at most `maxInFlight` attempts at once in this process, and at most
//   `maxPerEndpoint` to one endpoint, so a slow receiver holds only its own slots.
// - SSRF: the host is resolved at every attempt and every address checked against the policy;
//   the request then connects to the checked address (httpDelivery.ts).
import { Webhook } from 'standardwebhooks';
import type { Logger } from '../../logger';
import type { AddressPolicy } from '../../domain/webhooks/addressPolicy';
import { STANDARD_RETRY_SCHEDULE, nextRetryDelay, type RetrySchedule } from '../../domain/webhooks/retrySchedule';
import type { SecretBox } from '../../domain/webhooks/secretBox';
import type { DeliveryAttempt, WebhookDelivery, WebhookEndpoint } from '../../domain/webhooks/webhookRecords';
import type { WebhookRepository } from '../../ports/webhookRepository';
import { newDelivery, recipientsOf } from './webhookDeliveries';
import { resolveHost, sendOverHttp, type Resolve, type Send } from './httpDelivery';

/** Failing this long (no delivery since the first failure) disables an endpoint. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 60 * 60 * 1000;
/** Attempts kept in a delivery's log (the count keeps going). */
const ATTEMPT_LOG = 20;

export interface DispatcherOptions {
  webhooks: WebhookRepository;
  secrets: SecretBox;
  policy: AddressPolicy;
  logger: Logger;
  clock?: () => Date;
  schedule?: RetrySchedule;
  random?: () => number;
  resolve?: Resolve;
  send?: Send;
  timeoutMs?: number;
  /** How long a leased attempt may run before another dispatcher takes it over; above timeoutMs. */
  leaseMs?: number;
  maxInFlight?: number;
  maxPerEndpoint?: number;
  pollMs?: number;
}

export interface WebhookDispatcher {
  start(): void;
  /** Stops leasing, waits for attempts in flight and records them. */
  stop(): Promise<void>;
  /** One pass: fan out, lease what is due and free, and wait for those attempts (tests, the worker). */
  runOnce(): Promise<void>;
}

interface Outcome {
  attempt: DeliveryAttempt;
  delivered: boolean;
  gone: boolean;
}

export function createWebhookDispatcher(options: DispatcherOptions): WebhookDispatcher {
  const { webhooks, secrets, policy, logger } = options;
  const clock = options.clock ?? (() => new Date());
  const schedule = options.schedule ?? STANDARD_RETRY_SCHEDULE;
  const resolve = options.resolve ?? resolveHost;
  const send = options.send ?? sendOverHttp;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 45_000, timeoutMs + 1_000);
  const maxInFlight = options.maxInFlight ?? 32;
  const maxPerEndpoint = options.maxPerEndpoint ?? 4;
  const pollMs = options.pollMs ?? 250;

  const inFlight = new Set<Promise<void>>();
  const perEndpoint = new Map<string, number>();
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function fanOut(): Promise<void> {
    for (;;) {
      const events = await webhooks.eventsToFanOut(100);
      for (const event of events) {
        const endpoints = event.endpointId !== undefined
          ? [await webhooks.getEndpoint(event.endpointId)].filter((endpoint): endpoint is WebhookEndpoint => endpoint !== null)
          : await webhooks.enabledEndpoints(event.accountId, event.environment);
        const now = clock();
        await webhooks.fanOut(event.id, recipientsOf(event, endpoints).map((endpoint) => newDelivery(event, endpoint, now)));
      }
      if (events.length < 100) return;
    }
  }

  /** Leases due deliveries while this process has free slots; returns the attempts started. */
  async function leaseDue(): Promise<Array<Promise<void>>> {
    const free = maxInFlight - inFlight.size;
    if (free <= 0) return [];
    const now = clock();
    const candidates = await webhooks.dueDeliveries(now.toISOString(), free * 4);
    const started: Array<Promise<void>> = [];
    for (const due of candidates) {
      if (inFlight.size >= maxInFlight) break;
      if ((perEndpoint.get(due.endpointId) ?? 0) >= maxPerEndpoint) continue;
      const leased: WebhookDelivery = {
        ...due,
        status: 'delivering',
        leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
        version: due.version + 1,
        updatedAt: now.toISOString(),
      };
      if (!(await webhooks.replaceDelivery(leased, due.version))) continue; // another dispatcher took it
      if (due.status === 'delivering') logger.warn({ deliveryId: due.id, eventId: due.eventId }, 'webhook attempt lease ran out (its dispatcher stopped mid-attempt); attempting again');
      perEndpoint.set(due.endpointId, (perEndpoint.get(due.endpointId) ?? 0) + 1);
      const task = attempt(leased)
        .catch((error: unknown) => logger.error({ err: error, deliveryId: leased.id }, 'webhook attempt could not be recorded; its lease will run out and it is attempted again'))
        .finally(() => {
          inFlight.delete(task);
          const count = (perEndpoint.get(leased.endpointId) ?? 1) - 1;
          if (count <= 0) perEndpoint.delete(leased.endpointId);
          else perEndpoint.set(leased.endpointId, count);
          wake?.();
        });
      inFlight.add(task);
      started.push(task);
    }
    return started;
  }

  async function attempt(leased: WebhookDelivery): Promise<void> {
    const endpoint = await webhooks.getEndpoint(leased.endpointId);
    const event = await webhooks.getEvent(leased.eventId);
    if (!endpoint || !event) return settle(leased, { status: 'failed', error: endpoint ? 'the event is no longer stored' : 'the endpoint was deleted' });
    if (!endpoint.enabled) return settle(leased, { status: 'failed', error: `not sent: the endpoint is disabled (${endpoint.disabledReason ?? 'no reason given'})` });
    const outcome = await post(endpoint, event.id, event.payload);
    if (outcome.delivered) {
      await settle(leased, { status: 'delivered', attempt: outcome.attempt });
      if (endpoint.failingSince !== undefined) await webhooks.updateEndpoint(endpoint.id, { failingSince: null });
      return;
    }
    const failedAttempts = leased.attemptCount + 1;
    const delay = outcome.gone ? null : nextRetryDelay(schedule, failedAttempts, options.random);
    const now = clock();
    await settle(leased, delay === null
      ? { status: 'failed', attempt: outcome.attempt }
      : { status: 'pending', attempt: outcome.attempt, nextAttemptAt: new Date(now.getTime() + delay).toISOString() });
    if (outcome.gone) return disable(endpoint, 'The receiver answered 410 Gone: it asked not to be sent more events.');
    const failing = await webhooks.noteEndpointFailure(endpoint.id, outcome.attempt.at);
    if (failing?.enabled && failing.failingSince !== undefined && now.getTime() - Date.parse(failing.failingSince) >= DISABLE_AFTER_FAILING_MS) {
      await disable(failing, `Every attempt failed for 5 days (since ${failing.failingSince}); the last: ${describe(outcome.attempt)}.`);
    }
  }

  async function disable(endpoint: WebhookEndpoint, reason: string): Promise<void> {
    const at = clock().toISOString();
    await webhooks.updateEndpoint(endpoint.id, { enabled: false, disabledReason: reason, disabledAt: at, updatedAt: at });
    logger.warn({ endpointId: endpoint.id, accountId: endpoint.accountId, reason }, 'webhook endpoint disabled');
  }

  /** Records the end of a leased attempt; lost when the lease was taken over meanwhile (then the newer attempt's record stands). */
  async function settle(
    leased: WebhookDelivery,
    result: { status: WebhookDelivery['status']; attempt?: DeliveryAttempt; error?: string; nextAttemptAt?: string },
  ): Promise<void> {
    const now = clock();
    const attempt = result.attempt ?? (result.error !== undefined ? { at: now.toISOString(), latencyMs: 0, error: result.error } : undefined);
    const { leaseUntil: _lease, nextAttemptAt: _next, ...rest } = leased;
    const next: WebhookDelivery = {
      ...rest,
      status: result.status,
      attempts: attempt ? [...leased.attempts, attempt].slice(-ATTEMPT_LOG) : leased.attempts,
      attemptCount: leased.attemptCount + (result.attempt ? 1 : 0),
      ...(result.nextAttemptAt !== undefined && { nextAttemptAt: result.nextAttemptAt }),
      version: leased.version + 1,
      updatedAt: now.toISOString(),
    };
    if (!(await webhooks.replaceDelivery(next, leased.version))) {
      logger.warn({ deliveryId: leased.id }, 'webhook attempt finished after its lease was taken over; the newer attempt\'s record stands');
    }
  }

  /** The signatures of every secret still signing: the current one, and a rotated-out one during its 24 h. */
  function signatures(endpoint: WebhookEndpoint, id: string, at: Date, payload: string): string {
    const live = endpoint.secrets.filter((secret) => secret.expiresAt === undefined || Date.parse(secret.expiresAt) > at.getTime());
    return live.map((secret) => new Webhook(secrets.open(secret.sealed, endpoint.id)).sign(id, at, payload)).join(' ');
  }

  async function post(endpoint: WebhookEndpoint, id: string, payload: string): Promise<Outcome> {
    const started = clock();
    const elapsed = () => Math.max(0, clock().getTime() - started.getTime());
    const failed = (error: string, responseStatus?: number): Outcome => ({
      attempt: { at: started.toISOString(), latencyMs: elapsed(), error, ...(responseStatus !== undefined && { responseStatus }) },
      delivered: false,
      gone: responseStatus === 410,
    });
    const url = new URL(endpoint.url);
    let addresses;
    try {
      addresses = await resolve(url.hostname);
    } catch (error) {
      return failed(`the host name did not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    if (addresses.length === 0) return failed('the host name did not resolve');
    // Every address must pass: a name with one public and one private address is refused whole.
    for (const candidate of addresses) {
      const verdict = policy.check(candidate.address);
      if (!verdict.allowed) {
        logger.warn({ endpointId: endpoint.id, host: url.hostname, address: candidate.address, reason: verdict.reason }, 'webhook delivery refused by the address policy (SSRF guard)');
        return failed(`refused: ${url.hostname} resolves to ${verdict.reason}`);
      }
    }
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'business-discovery-api-webhooks/1',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(started.getTime() / 1000)),
      'webhook-signature': signatures(endpoint, id, started, payload),
    };
    try {
      const { status } = await send({ url, address: addresses[0], headers, body: payload, timeoutMs });
      if (status >= 200 && status < 300) return { attempt: { at: started.toISOString(), latencyMs: elapsed(), responseStatus: status }, delivered: true, gone: false };
      if (status >= 300 && status < 400) return failed(`the receiver answered ${status}, a redirect; redirects are not followed`, status);
      return failed(`the receiver answered ${status}`, status);
    } catch (error) {
      return failed(`no answer: ${(error as Error).message}`);
    }
  }

  async function runOnce(): Promise<void> {
    await fanOut();
    const started = await leaseDue();
    await Promise.all(started);
  }

  async function run(): Promise<void> {
    while (running) {
      try {
        await fanOut();
        // The attempts started run on while the loop polls again: inFlight counts them and each logs its own failure.
        // eslint-disable-next-line @typescript-eslint/no-floating-promises -- see the line above
        await leaseDue();
      } catch (error) {
        logger.error({ err: error }, 'webhook dispatcher pass failed; trying again');
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the pass
      if (!running) break;
      await new Promise<void>((resolveWait) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          wake = null;
          resolveWait();
        }
        wake = done;
      });
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
      loop = null;
      await Promise.all([...inFlight]);
    },
    runOnce,
  };
}

function describe(attempt: DeliveryAttempt): string {
  return attempt.error ?? `answered ${attempt.responseStatus}`;
}

// The payment worker, one in every API process: it handles the provider's stored
// notifications (leased, so two instances never act on one at once; a process that dies holding
// one leaves it to the next after PAYMENT_EVENT_LEASE_SECONDS), releases holds that ran out unpaid,
// sends refunds decided but not sent yet, and lets plans cancelled at their period's end fall
// back to free. Every step is idempotent: doing one twice, or again after a crash, acts once.
import type { PaymentEventPhase } from '../../domain/payments/paymentEventPhases';
import type { Logger } from '../../logger';
import type { Store } from '../../ports/store';
import type { Clock } from '../profileMutation';
import type { BookingSettlement } from './bookingSettlement';
import { EventNotReadyError } from './eventNotReady';
import type { HandlePaymentEvent } from './paymentEventHandler';
import type { PlanBilling } from './planBilling';

/** Seconds before the n-th retry of an event that failed: quick at first, then at most an hour apart. */
const RETRY_SECONDS = [5, 30, 120, 600, 1800, 3600];
/** An event that still refers to nothing we know after this many attempts is set aside (logged, kept). */
const MAX_NOT_READY_ATTEMPTS = 12;
const BATCH = 20;

export interface PaymentWorkerDeps {
  store: Store;
  handle: HandlePaymentEvent;
  settlement: BookingSettlement;
  plans: PlanBilling;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** PAYMENT_EVENT_LEASE_SECONDS. */
  leaseMs: number;
  /** Between passes when nothing wakes it. */
  pollMs?: number;
  /** Crash tests: called once an event was acted on, before it is marked handled. */
  onPhase?: (phase: PaymentEventPhase) => void;
}

export interface PaymentWorker {
  start(): void;
  /** A new event was stored: run a pass now. */
  wake(): void;
  /** Finishes the pass in flight, then stops. */
  stop(): Promise<void>;
  /** One pass, for tests and the stopping process. */
  runOnce(): Promise<void>;
}

export function createPaymentWorker({ store, handle, settlement, plans, clock, logger, leaseMs, pollMs = 1000, onPhase }: PaymentWorkerDeps): PaymentWorker {
  let running = false;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;

  async function handleEvents(): Promise<void> {
    for (;;) {
      const now = clock();
      const claimed = await store.payments.inbox.claim(now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), BATCH);
      for (const stored of claimed) {
        const { event } = stored;
        try {
          await handle(event);
          onPhase?.('event_handled');
          await store.payments.inbox.markHandled(event.id, clock().toISOString());
        } catch (error) {
          if (error instanceof EventNotReadyError && stored.attempts >= MAX_NOT_READY_ATTEMPTS) {
            logger.warn({ eventId: event.id, type: event.type, reason: error.message }, 'provider event set aside: what it refers to never arrived');
            await store.payments.inbox.markHandled(event.id, clock().toISOString());
            continue;
          }
          const delay = RETRY_SECONDS[Math.min(stored.attempts, RETRY_SECONDS.length) - 1] ?? RETRY_SECONDS[0];
          logger.warn({ err: error, eventId: event.id, type: event.type, attempts: stored.attempts }, 'provider event not handled; retrying later');
          await store.payments.inbox.markFailed(event.id, (error as Error).message, new Date(clock().getTime() + delay * 1000).toISOString());
        }
      }
      if (claimed.length < BATCH) return;
    }
  }

  async function each<T extends { id?: string; accountId?: string }>(items: T[], work: (item: T) => Promise<void>, what: string): Promise<void> {
    for (const item of items) {
      await work(item).catch((error: unknown) => logger.warn({ err: error, id: item.id ?? item.accountId }, `${what} failed; retrying on the next pass`));
    }
  }

  async function runOnce(): Promise<void> {
    await handleEvents();
    const now = clock().toISOString();
    await each(await store.bookings.holdsExpiredBy(now, BATCH), settlement.releaseExpiredHold, 'releasing an expired hold');
    await each(await store.bookings.refundsDue(BATCH), settlement.sendRefund, 'sending a refund');
    await each(await store.payments.subscriptions.lapsed(now, BATCH), plans.lapse, 'ending a lapsed plan');
  }

  async function run(): Promise<void> {
    while (running) {
      woken = false;
      try {
        await runOnce();
      } catch (error) {
        logger.error({ err: error }, 'payment worker pass failed; trying again');
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- stop() may have run during the pass
      if (!running) break;
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- wake() may have run during the pass
      if (woken) continue;
      await new Promise<void>((resolveWait) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          wakeUp = null;
          resolveWait();
        }
        wakeUp = done;
      });
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      loop = null;
    },
    runOnce,
  };
}

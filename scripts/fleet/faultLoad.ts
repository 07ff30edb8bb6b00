// The bounded load of the fault run: a few virtual clients, each looping with a pause, through the
// proxy. Writers update their own published profile (tagline "<writer> #<n>"), searchers search,
// bookers race for the places of shared slots. Every write carries an Idempotency-Key and is
// retried with it while the answer is retryable (a bounded time: under the key's 60 s claim), the
// way a careful client would. Every answer is logged with its time, so the report can say what
// clients saw while each component was down.
import { randomUUID } from 'node:crypto';
import type { Call } from './fleetClient';

export type Outcome = 'ok' | 'retryable' | 'refused' | 'failed';

export interface LoggedAnswer {
  at: number;
  kind: 'write' | 'search' | 'booking';
  /** HTTP status, or 0 when no answer came (connection error, timeout). */
  status: number;
  code?: string;
  outcome: Outcome;
  servedBy: string;
}

export interface LoadLog {
  answers: LoggedAnswer[];
  /** Per writer profile: acknowledged writes (n -> ack time) and every n attempted. */
  writes: Map<string, { acked: Map<number, number>; attempted: number[] }>;
  /** Bookings answered 201: id -> slot start. */
  bookings: Map<string, string>;
}

/** Still worth retrying: the proxy or an engine is down, or the key is held by a request in flight. */
export function classify(status: number, code: string | undefined): Outcome {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 0 || status === 502 || status === 503 || status === 504 || status === 429) return 'retryable';
  if (status === 409 && code === 'IDEMPOTENCY_KEY_IN_USE') return 'retryable';
  return 'failed';
}

const RETRY_FOR_MS = 45_000;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface LoadPlan {
  call: Call;
  writerKey: string;
  writerProfiles: string[];
  searcherKey: string;
  searches: number;
  booking: { key: string; businessId: string; serviceId: string; slots: string[]; bookers: number };
  pauseMs: number;
}

export function startLoad(plan: LoadPlan): { log: LoadLog; stop(): Promise<void> } {
  const log: LoadLog = { answers: [], writes: new Map(), bookings: new Map() };
  let running = true;

  /** One request, retried with the same key while its answer is retryable; the last answer. */
  async function attempt(kind: LoggedAnswer['kind'], method: string, path: string, key: string, body: unknown, idempotencyKey?: string) {
    const giveUpAt = Date.now() + RETRY_FOR_MS;
    let backoff = 100;
    for (;;) {
      let status = 0;
      let code: string | undefined;
      let servedBy = '';
      let data: any;
      try {
        const answer = await plan.call(method, path, { auth: key, body, headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {} });
        ({ status, servedBy } = answer);
        code = answer.body?.error?.code;
        data = answer.body?.data;
      } catch {
        status = 0;
      }
      const expectedRefusal = kind === 'booking' && status === 409 && code === 'SLOT_UNAVAILABLE';
      const outcome = expectedRefusal ? 'refused' : classify(status, code);
      log.answers.push({ at: Date.now(), kind, status, code, outcome, servedBy });
      if (outcome !== 'retryable' || Date.now() > giveUpAt || !running) return { outcome, data };
      await pause(backoff);
      backoff = Math.min(backoff * 2, 2_000);
    }
  }

  async function writer(profileId: string): Promise<void> {
    const record = { acked: new Map<number, number>(), attempted: [] as number[] };
    log.writes.set(profileId, record);
    for (let n = 1; running; n++) {
      record.attempted.push(n);
      const { outcome } = await attempt('write', 'PATCH', `/v1/business/profile/${profileId}`, plan.writerKey, { tagline: `${profileId} #${n}` }, randomUUID());
      if (outcome === 'ok') record.acked.set(n, Date.now());
      await pause(plan.pauseMs);
    }
  }

  async function searcher(): Promise<void> {
    while (running) {
      await attempt('search', 'POST', '/v1/api/v1/consumer/search', plan.searcherKey, { query: 'seasonal plant-based bowls', location: { lat: 30.2672, lon: -97.7431, distance: '20km' } });
      await pause(plan.pauseMs);
    }
  }

  // Bookers share a cursor over the slots: they all race for one slot until it is full, then the next.
  let slot = 0;
  async function booker(): Promise<void> {
    const { booking } = plan;
    while (running && slot < booking.slots.length) {
      const start = booking.slots[slot];
      const { outcome, data } = await attempt(
        'booking',
        'POST',
        '/v1/bookings',
        booking.key,
        { businessId: booking.businessId, serviceId: booking.serviceId, start, customer: { name: 'Fleet Customer', email: 'customer@example.com' } },
        randomUUID(),
      );
      if (outcome === 'ok') log.bookings.set(data.id as string, start);
      if (outcome === 'refused' && booking.slots[slot] === start) slot++;
      // Slower than the others, so the slots last through every fault of a long run.
      await pause(plan.pauseMs * 6);
    }
  }

  const clients = [
    ...plan.writerProfiles.map((id) => writer(id)),
    ...Array.from({ length: plan.searches }, () => searcher()),
    ...Array.from({ length: plan.booking.bookers }, () => booker()),
  ];
  return {
    log,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

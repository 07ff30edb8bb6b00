// Faults under load: while faultLoad.ts drives writes, searches and bookings through
// the proxy, one API instance is SIGKILLed, then one webhook worker, then the indexer, then Redis
// and Elasticsearch are restarted, each held down for `holdSeconds` and followed by `settleSeconds`
// of load. Then the load stops and the run checks what must hold whatever happened: no
// acknowledged write lost, no slot sold beyond its places, every acknowledged write's and
// booking's webhook received (a repeat carries the same webhook-id and body), the index equal to
// the store, and no answer but retryable ones. The report has, per fault, what clients saw and
// how long recovery took. Used by test/fleet (short) and `npm run fleet:faults` (long).
import { completeProfileBody } from '../../test/http/actors';
import type { Fleet, FleetProcess } from './fleet';
import { type Call, callerOf, eventually, newAccount, setPlan } from './fleetClient';
import { startLoad, type LoadLog } from './faultLoad';
import { faultReceiver, type FaultReceiver } from './faultReceiver';
import { indexSampler } from './indexSampler';

export interface FaultRunOptions {
  holdSeconds: number;
  settleSeconds: number;
  writers?: number;
  searchers?: number;
  bookers?: number;
  /** Each virtual client's pause between requests. */
  pauseMs?: number;
  onProgress?: (line: string) => void;
}

export interface PhaseReport {
  name: string;
  /** From the fault to the call that brings the component back (0 for the baseline). */
  downMs: number;
  /** From that call until the component serves again (an API instance back in the proxy's rotation). */
  recoveryMs: number;
  answers: number;
  retryable: Record<string, number>;
  failed: number;
  /** First to last retryable answer of the phase: how long clients saw trouble (0: none). */
  errorWindowMs: number;
  /** Acknowledged write -> its webhook received, p50 and max, for the writes acknowledged in the phase. */
  webhookDelayMs: { p50: number; max: number };
  /** Acknowledged write -> visible in Elasticsearch, p50 and max (a write acknowledged just before an outage waits it out). */
  indexLagMs: { p50: number; max: number };
}

export interface FaultReport {
  phases: PhaseReport[];
  writes: { acknowledged: number; lost: string[] };
  bookings: { acknowledged: number; capacity: number; slotsUsed: number; oversold: string[]; missing: string[] };
  webhooks: { received: number; distinctIds: number; repeatedIds: number; repeatsDiffering: number; missing: string[] };
  index: { convergedAfterMs: number };
  failedAnswers: Array<{ kind: string; status: number; code?: string }>;
}

const CAPACITY = 2;
const HOURS = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, { open: '06:00', close: '22:00' }]));
const UNLIMITED = { general: 1_000_000, search: 1_000_000, analytics: 1_000_000 };

function spread(values: number[]): { p50: number; max: number } {
  if (values.length === 0) return { p50: 0, max: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: sorted[Math.floor((sorted.length - 1) / 2)], max: sorted[sorted.length - 1] };
}

async function publishedProfile(call: Call, key: string, overrides: Record<string, unknown>): Promise<string> {
  const created = await call('POST', '/v1/business/profile', { auth: key, body: completeProfileBody(overrides) });
  if (created.status !== 201) throw new Error(`profile: ${created.status} ${JSON.stringify(created.body)}`);
  const published = await call('PATCH', `/v1/business/profile/${created.body.data.id}`, { auth: key, body: { status: 'published' } });
  if (published.status !== 200) throw new Error(`publish: ${published.status} ${JSON.stringify(published.body)}`);
  return created.body.data.id as string;
}

/** Slot starts of the next 30 days, as the availability endpoint lists them: enough for bookers to race through every phase. */
async function bookableSlots(call: Call, key: string, businessId: string, serviceId: string): Promise<string[]> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const answer = await call('GET', `/v1/business/profile/${businessId}/services/${serviceId}/availability?from=${day(1)}&to=${day(30)}`, { auth: key });
  if (answer.status !== 200) throw new Error(`availability: ${answer.status} ${JSON.stringify(answer.body)}`);
  return (answer.body.data.slots as Array<{ start: string }>).map((slot) => slot.start);
}

async function storedBookings(call: Call, key: string, businessId: string): Promise<Array<{ id: string; start: string; status: string }>> {
  const all: Array<{ id: string; start: string; status: string }> = [];
  const from = new Date().toISOString().slice(0, 10);
  const to = new Date(Date.now() + 31 * 86_400_000).toISOString().slice(0, 10);
  let cursor: string | undefined;
  do {
    const page = await call('GET', `/v1/business/profile/${businessId}/bookings?from=${from}&to=${to}&limit=100${cursor ? `&cursor=${cursor}` : ''}`, { auth: key });
    if (page.status !== 200) throw new Error(`bookings: ${page.status} ${JSON.stringify(page.body)}`);
    all.push(...page.body.data.bookings);
    cursor = page.body.data.pagination.nextCursor;
  } while (cursor);
  return all;
}

/** Polls the proxy until `api` answers through it again. */
async function backInRotation(call: Call, api: FleetProcess): Promise<void> {
  await eventually(`${api.name} back in the proxy's rotation`, async () => ((await call('GET', '/v1/health').catch(() => undefined))?.servedBy === api.name ? true : undefined), 60_000);
}

export async function runFaults(fleet: Fleet, options: FaultRunOptions): Promise<FaultReport> {
  const progress = options.onProgress ?? (() => undefined);
  const call = callerOf(fleet.url);
  const owner = await newAccount(call, 'fault-owner');
  const customer = await newAccount(call, 'fault-customer');
  await setPlan(fleet, owner.accountId, 'enterprise', UNLIMITED);
  await setPlan(fleet, customer.accountId, 'enterprise', UNLIMITED);
  const receiver = await faultReceiver();
  const endpoint = await call('POST', '/v1/webhooks/endpoints', { auth: owner.key, body: { url: receiver.url, events: ['profile.updated', 'booking.created'] } });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${JSON.stringify(endpoint.body)}`);
  const writerProfiles: string[] = [];
  for (let i = 0; i < (options.writers ?? 3); i++) writerProfiles.push(await publishedProfile(call, owner.key, { name: `Fault Writer ${i + 1}` }));
  const businessId = await publishedProfile(call, owner.key, { name: 'Fault Barber', hours: HOURS });
  const service = await call('POST', `/v1/business/profile/${businessId}/services`, { auth: owner.key, body: { name: 'Haircut', duration: 60, capacity: CAPACITY, bookable: true, pricing: { type: 'fixed', currency: 'USD', amount: 30 } } });
  if (service.status !== 201) throw new Error(`service: ${service.status} ${JSON.stringify(service.body)}`);
  const slots = await bookableSlots(call, customer.key, businessId, service.body.data.id);
  const sampler = indexSampler(fleet.elasticsearch.url, writerProfiles);

  const load = startLoad({
    call,
    writerKey: owner.key,
    writerProfiles,
    searcherKey: customer.key,
    searches: options.searchers ?? 2,
    booking: { key: customer.key, businessId, serviceId: service.body.data.id, slots, bookers: options.bookers ?? 3 },
    pauseMs: options.pauseMs ?? 150,
  });
  const marks: Array<{ name: string; at: number; downMs: number; recoveryMs: number }> = [];
  const hold = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  async function phase(name: string, fault: () => Promise<void>, recover: () => Promise<void>): Promise<void> {
    progress(name);
    const at = Date.now();
    await fault();
    await hold(options.holdSeconds);
    const recoverAt = Date.now();
    await recover();
    marks.push({ name, at, downMs: recoverAt - at, recoveryMs: Date.now() - recoverAt });
    await hold(options.settleSeconds);
  }

  let loadStoppedAt = 0;
  try {
    marks.push({ name: 'baseline (no fault)', at: Date.now(), downMs: 0, recoveryMs: 0 });
    await hold(options.settleSeconds);
    const api = fleet.apis[1];
    await phase(`SIGKILL ${api.name}`, () => api.kill('SIGKILL'), async () => {
      await api.start();
      await backInRotation(call, api);
    });
    const worker = fleet.webhookWorkers[0];
    await phase(`SIGKILL ${worker.name}`, () => worker.kill('SIGKILL'), () => worker.start());
    await phase('SIGKILL indexer', () => fleet.indexer.kill('SIGKILL'), () => fleet.indexer.start());
    await phase('restart Redis', () => fleet.redis.stopProcess(), () => fleet.redis.restartProcess());
    await phase('restart Elasticsearch', () => fleet.elasticsearch.stopProcess(), () => fleet.elasticsearch.restartProcess());
  } finally {
    await load.stop();
    loadStoppedAt = Date.now();
  }

  progress('load stopped; checking the invariants');
  try {
    return await check({ fleet, call, ownerKey: owner.key, businessId, log: load.log, receiver, sampler, marks, loadStoppedAt });
  } finally {
    sampler.stop();
    await receiver.close();
  }
}

interface CheckInput {
  fleet: Fleet;
  call: Call;
  ownerKey: string;
  businessId: string;
  log: LoadLog;
  receiver: FaultReceiver;
  sampler: ReturnType<typeof indexSampler>;
  marks: Array<{ name: string; at: number; downMs: number; recoveryMs: number }>;
  loadStoppedAt: number;
}

async function check(input: CheckInput): Promise<FaultReport> {
  const { call, ownerKey, log, receiver, sampler, marks } = input;
  // The store's final taglines, then the index brought level with them.
  const finals = new Map<string, number>();
  for (const id of log.writes.keys()) {
    const profile = await eventually(`profile ${id} readable`, async () => {
      const answer = await call('GET', `/v1/business/profile/${id}`, { auth: ownerKey });
      return answer.status === 200 ? answer.body.data : undefined;
    });
    finals.set(id, Number(String(profile.tagline).split('#')[1]));
  }
  await eventually('the index equal to the store', async () => ([...finals].every(([id, n]) => sampler.visible(id) === n) ? true : undefined), 180_000);
  const convergedAfterMs = Date.now() - input.loadStoppedAt;

  const lost: string[] = [];
  let acknowledged = 0;
  for (const [id, record] of log.writes) {
    const acked = [...record.acked.keys()];
    acknowledged += acked.length;
    const lastAcked = Math.max(0, ...acked);
    const final = finals.get(id) ?? 0;
    // Writes are sequential per profile: the last one stored is the last acknowledged, or a later one whose answer was lost.
    if (final < lastAcked || (final > lastAcked && !record.attempted.includes(final))) lost.push(`${id}: stored #${final}, last acknowledged #${lastAcked}`);
  }

  const expectedTaglines = [...log.writes].flatMap(([id, record]) => [...record.acked.keys()].map((n) => `${id} #${n}`));
  const expectedBookings = [...log.bookings.keys()];
  await eventually('every acknowledged write\'s and booking\'s webhook', async () => (receiver.missing(expectedTaglines, expectedBookings).length === 0 ? true : undefined), 180_000).catch(() => undefined);
  const webhooks = { ...receiver.summary(), missing: receiver.missing(expectedTaglines, expectedBookings) };

  const stored = (await storedBookings(call, ownerKey, input.businessId)).filter((booking) => booking.status !== 'cancelled' && booking.status !== 'declined');
  const perSlot = new Map<string, number>();
  for (const booking of stored) perSlot.set(booking.start, (perSlot.get(booking.start) ?? 0) + 1);
  const storedIds = new Set(stored.map((booking) => booking.id));

  const phases = marks.map((mark, i): PhaseReport => {
    const end = marks[i + 1]?.at ?? input.loadStoppedAt;
    const inPhase = log.answers.filter((answer) => answer.at >= mark.at && answer.at < end);
    const retryable = inPhase.filter((answer) => answer.outcome === 'retryable');
    const byStatus: Record<string, number> = {};
    for (const answer of retryable) {
      const label = answer.status === 0 ? 'no answer' : `${answer.status}${answer.code ? ` ${answer.code}` : ''}`;
      byStatus[label] = (byStatus[label] ?? 0) + 1;
    }
    const ackedInPhase = [...log.writes].flatMap(([id, record]) => [...record.acked].filter(([, at]) => at >= mark.at && at < end).map(([n, at]) => ({ id, n, at })));
    const delays = ackedInPhase.map(({ id, n, at }) => (receiver.firstSeen(`${id} #${n}`) ?? Date.now()) - at);
    const lags = ackedInPhase.map(({ id, n, at }) => (sampler.firstSeen(id, n) ?? Date.now()) - at);
    return {
      name: mark.name,
      downMs: mark.downMs,
      recoveryMs: mark.recoveryMs,
      answers: inPhase.length,
      retryable: byStatus,
      failed: inPhase.filter((answer) => answer.outcome === 'failed').length,
      errorWindowMs: retryable.length > 0 ? retryable[retryable.length - 1].at - retryable[0].at : 0,
      webhookDelayMs: spread(delays),
      indexLagMs: spread(lags),
    };
  });

  return {
    phases,
    writes: { acknowledged, lost },
    bookings: {
      acknowledged: expectedBookings.length,
      capacity: CAPACITY,
      slotsUsed: perSlot.size,
      oversold: [...perSlot].filter(([, count]) => count > CAPACITY).map(([start, count]) => `${start}: ${count}`),
      missing: expectedBookings.filter((id) => !storedIds.has(id)),
    },
    webhooks,
    index: { convergedAfterMs },
    failedAnswers: log.answers.filter((answer) => answer.outcome === 'failed').map(({ kind, status, code }) => ({ kind, status, code })),
  };
}

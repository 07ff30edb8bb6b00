// The core's input rule "the body may come in the query" (DELETE blackout-dates), through invoke
// itself, as every transport calls it: a sent body is the body; without one, the query read
// against the body's schema is.
import { createInvoke } from '../../../src/core/invoke';
import { operationsOver } from '../../../src/core/declareOperation';
import { scope } from '../../../src/core/operation';
import { countNothing } from '../../../src/core/rateLimitCheck';
import type { Principal } from '../../../src/domain/principal';
import { createLogger } from '../../../src/logger';
import { requestSchema, responseSchema } from '../../../src/schemas/catalogue';

const echoDates = operationsOver<unknown>()({
  name: 'echoDates',
  access: scope('write:businesses'),
  rateLimit: 'general',
  input: { path: ['businessId'], body: requestSchema('BlackoutDatesRequest'), bodyInQuery: true },
  output: responseSchema('BlackoutDates'),
  errors: [],
  docs: { tag: 'Test', summary: 'Echoes the dates', successDescription: 'The dates.' },
  run: async (_services, { input }) => ({ data: { id: input.path.businessId, blackoutDates: input.body.dates } }),
});

const principal: Principal = { accountId: 'acc_1', environment: 'live', scopes: ['write:businesses'], via: 'jwt', role: 'user', plan: 'free' };

const invoke = createInvoke({
  services: {},
  authenticate: async () => principal,
  checkRateLimit: countNothing,
  idempotentCall: async (_principal, _key, _fingerprint, run) => run(),
  resolvePlatform: async () => 'direct',
  logger: createLogger('silent'),
  checkOutputs: true,
});

async function call(query: Record<string, unknown>, body?: unknown) {
  const answer = await invoke(echoDates, {
    caller: { principal, address: '127.0.0.1' },
    input: { path: { businessId: 'biz_01JD5Z8K0000000000000000AB' }, query, body },
    transport: 'mcp',
    requestId: 'req_test',
    origin: 'http://localhost',
  });
  return answer as { status: number; body: { data?: { blackoutDates: string[] }; error?: { details?: unknown } } };
}

describe('an operation whose body may come in the query', () => {
  it('uses the body when one is sent, whatever the query says', async () => {
    const answer = await call({ dates: '2025-12-31' }, { dates: ['2025-12-25'] });
    expect(answer.status).toBe(200);
    expect(answer.body.data?.blackoutDates).toEqual(['2025-12-25']);
  });
  it('falls back to the query, a comma-separated list read as the array', async () => {
    const answer = await call({ dates: '2025-12-25,2025-12-31' });
    expect(answer.body.data?.blackoutDates).toEqual(['2025-12-25', '2025-12-31']);
  });
  it('takes a repeated query parameter as the array', async () => {
    const answer = await call({ dates: ['2025-12-25', '2025-12-31'] }, null);
    expect(answer.body.data?.blackoutDates).toEqual(['2025-12-25', '2025-12-31']);
  });
  it('reports a fake date from either source with the same field', async () => {
    const fromQuery = await call({ dates: '2025-02-30' });
    expect(fromQuery.status).toBe(400);
    expect(fromQuery.body.error?.details).toEqual({ field: 'dates.0', issue: 'must be a real calendar date (YYYY-MM-DD)' });
    const fromBody = await call({}, { dates: ['2025-02-30'] });
    expect(fromBody.status).toBe(400);
    expect(fromBody.body.error?.details).toEqual({ field: 'dates.0', issue: 'must be a real calendar date (YYYY-MM-DD)' });
  });
  it('asks for dates when neither source has them', async () => {
    const answer = await call({});
    expect(answer.status).toBe(400);
    expect(answer.body.error?.details).toEqual({ field: 'dates', issue: 'is required' });
  });
});

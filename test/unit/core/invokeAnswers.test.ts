// core/invoke.ts for the answers and inputs beyond enveloped JSON: a public operation that knows
// an optional caller, a redirect, bare data, and an uploaded file. Transport-neutral:
// the calls here are what any adapter hands over.
import { countNothing } from '../../../src/core/rateLimitCheck';
import { UnauthorizedError } from '../../../src/domain/errors';
import type { Principal } from '../../../src/domain/principal';
import { createInvoke, type Call } from '../../../src/core/invoke';
import { defineOperation, PUBLIC, type OperationCall } from '../../../src/core/operation';
import { createLogger } from '../../../src/logger';

const admin: Principal = { accountId: 'acct_admin01', environment: 'live', scopes: [], via: 'jwt', role: 'admin', plan: 'free' };
const authenticated: string[] = [];

const invoke = createInvoke<object>({
  services: {},
  authenticate: async ({ authorization }) => {
    authenticated.push(String(authorization));
    if (authorization === 'Bearer good') return admin;
    throw new UnauthorizedError('Invalid access token', 'Bearer error="invalid_token"');
  },
  checkRateLimit: countNothing,
  idempotentCall: async (_principal, _key, _fingerprint, run) => run(),
  resolvePlatform: async () => 'direct',
  logger: createLogger('silent'),
  checkOutputs: true,
});

function call(overrides: Partial<Call> & { authorization?: string } = {}): Call {
  const { authorization, ...rest } = overrides;
  return { caller: { authorization, address: '192.0.2.7' }, input: { path: {}, query: {} }, transport: 'rest', requestId: 'req_test', origin: 'http://api.test', ...rest };
}

beforeEach(() => {
  authenticated.length = 0;
});

describe('a public operation that knows an optional caller', () => {
  const seen: Array<OperationCall['principal'] | undefined> = [];
  const whoAmI = defineOperation<object>({
    name: 'whoAmI',
    access: PUBLIC,
    optionalCaller: true,
    rateLimit: 'none',
    input: {},
    output: { name: 'WhoAmI', schema: { type: 'object', required: ['admin'], properties: { admin: { type: 'boolean' } } } },
    docs: { tag: 'Test', summary: 'who', successDescription: 'ok' },
    run: async (_services, { principal }) => {
      seen.push(principal);
      return { data: { admin: principal?.role === 'admin' } };
    },
  });

  it('runs with the caller a valid credential names, answered no-store as any answer for one caller', async () => {
    const answer = await invoke(whoAmI, call({ authorization: 'Bearer good' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { admin: true } });
    expect(answer.headers['Cache-Control']).toBe('no-store');
    expect(seen.at(-1)).toEqual(admin);
  });

  it('runs anonymously for a bad credential: no 401, no challenge', async () => {
    const answer = await invoke(whoAmI, call({ authorization: 'Bearer forged' }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { admin: false } });
    expect(answer.headers).toEqual({});
    expect(seen.at(-1)).toBeUndefined();
  });

  it('does not authenticate at all without a credential', async () => {
    const answer = await invoke(whoAmI, call());
    expect(answer.body).toMatchObject({ data: { admin: false } });
    expect(authenticated).toEqual([]);
  });

  it('leaves a plain public operation blind to credentials', async () => {
    const plain = { ...whoAmI, name: 'plain', optionalCaller: undefined };
    const answer = await invoke(plain, call({ authorization: 'Bearer good' }));
    expect(answer.body).toMatchObject({ data: { admin: false } });
    expect(authenticated).toEqual([]);
  });
});

describe('answers that are not the envelope', () => {
  it('sends a redirect as its target and the declared status, with no body', async () => {
    const follow = defineOperation<object>({
      name: 'follow',
      access: PUBLIC,
      rateLimit: 'none',
      input: {},
      http: { method: 'GET', path: '/go', status: 302 },
      docs: { tag: 'Test', summary: 'go', successDescription: 'there' },
      run: async () => ({ data: undefined, redirectTo: 'https://example.com/menu?from=ai', headers: { 'Cache-Control': 'no-store' } }),
    });
    expect(await invoke(follow, call())).toEqual({ status: 302, headers: { 'Cache-Control': 'no-store' }, redirectTo: 'https://example.com/menu?from=ai' });
  });

  it('sends bare data, checked against the output schema', async () => {
    const question = defineOperation<object>({
      name: 'question',
      access: PUBLIC,
      rateLimit: 'none',
      input: {},
      output: { name: 'Answer', schema: { type: 'object', required: ['total'], properties: { total: { type: 'integer' } } } },
      http: { method: 'GET', path: '/q', envelope: false },
      docs: { tag: 'Test', summary: 'q', successDescription: 'a' },
      run: async () => ({ data: { total: 3 } }),
    });
    expect(await invoke(question, call())).toEqual({ status: 200, headers: {}, body: { total: 3 } });
    const drifting = { ...question, run: async () => ({ data: { total: 'three' } }) };
    const answer = await invoke(drifting, call());
    expect([answer.status, (answer.body as { error: { code: string } }).error.code]).toEqual([500, 'INTERNAL_ERROR']);
  });
});

describe('an operation that takes an uploaded file', () => {
  const received: unknown[] = [];
  const upload = defineOperation<object>({
    name: 'upload',
    access: PUBLIC,
    rateLimit: 'none',
    input: { body: { name: 'Fields', schema: { type: 'object', additionalProperties: false, required: ['type'], properties: { type: { enum: ['photo'] } } } }, file: true },
    output: { name: 'Stored', schema: { type: 'object' } },
    docs: { tag: 'Test', summary: 'up', successDescription: 'stored' },
    run: async (_services, { input }) => {
      received.push(input);
      return { data: { size: input.file?.bytes.length }, status: 201 };
    },
  });

  it('hands the file to the work beside the checked fields', async () => {
    const bytes = Buffer.from('GIF89a');
    const answer = await invoke(upload, call({ input: { path: {}, query: {}, readBody: async () => ({ type: 'photo' }), readFile: async () => ({ bytes, originalName: 'a.gif' }) } }));
    expect(answer.status).toBe(201);
    expect(received.at(-1)).toEqual({ path: {}, query: {}, body: { type: 'photo' }, file: { bytes, originalName: 'a.gif' } });
  });

  it('refuses a call without a file, naming it, before any work', async () => {
    received.length = 0;
    const answer = await invoke(upload, call({ input: { path: {}, query: {}, readBody: async () => ({ type: 'photo' }) } }));
    expect(answer.status).toBe(400);
    expect((answer.body as { error: unknown }).error).toEqual({ code: 'VALIDATION_ERROR', message: 'file: is required', details: { field: 'file', issue: 'is required' } });
    expect(received).toEqual([]);
  });
});

describe('an operation that names a refused body field its own way', () => {
  it('names the batch item as arrays are written, keeping the issue', async () => {
    const batch = defineOperation<object>({
      name: 'batch',
      access: PUBLIC,
      rateLimit: 'none',
      input: {
        body: { name: 'Batch', schema: { type: 'object', required: ['events'], properties: { events: { type: 'array', items: { type: 'object', required: ['at'] } } } } },
        bodyFieldName: (field) => field.replace(/^events\.(\d+)/, 'events[$1]'),
      },
      docs: { tag: 'Test', summary: 'batch', successDescription: 'ok' },
      run: async () => ({ data: {} }),
    });
    const answer = await invoke(batch, call({ input: { path: {}, query: {}, body: { events: [{ at: 1 }, {}] } } }));
    expect(answer.status).toBe(400);
    expect((answer.body as { error: { details: unknown } }).error.details).toEqual({ field: 'events[1].at', issue: 'is required' });
  });
});

describe('an operation that answers 204 No Content', () => {
  it('sends no body, whatever the work returned', async () => {
    const remove = defineOperation<object>({
      name: 'remove',
      access: PUBLIC,
      rateLimit: 'none',
      input: {},
      http: { method: 'DELETE', path: '/things/{thingId}', status: 204 },
      docs: { tag: 'Test', summary: 'remove', successDescription: 'Removed.' },
      run: async () => ({ data: undefined }),
    });
    expect(await invoke(remove, call())).toEqual({ status: 204, headers: {} });
  });
});

// AI summaries that say what they are: every consumer search answer carries a
// disclosure (template or which model, when) and a report link; POST to it records a report
// (what was wrong, the answer's request id) that the owners of the businesses its summary named
// and admins can list; one report per caller per answer, at most 20 per caller in 24 hours.
import request from 'supertest';
import { createOpenAiLanguageModel } from '../../src/adapters/openai/openAiLanguageModel';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../harness/openAiCompatibleServer';
import { apiKey, completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';

const AUSTIN = { lat: 30.2672, lon: -97.7431, distance: '20km' };
const T0 = Date.parse('2026-05-04T15:00:00.000Z');

let app: TestApp;
let now = T0;
let owner: Actor;
let otherOwner: Actor;
let caller: Actor;
let admin: Actor;
let businessId: string;

function search(actor: { auth: Record<string, string> }, query = 'vegan ramen in Austin') {
  return request(app.callback).post('/v1/api/v1/consumer/search').set(actor.auth).send({ query, location: AUSTIN });
}

/** The path (under /v1) of an answer's report link. */
const reportPath = (answer: request.Response) => new URL(answer.body.data.summaryDisclosure.reportUrl).pathname;

function report(actor: { auth: Record<string, string> }, path: string, body: Record<string, unknown> = { reason: 'inaccurate', details: 'They close at 9, not 10.' }) {
  return request(app.callback).post(path).set(actor.auth).send(body);
}

beforeAll(async () => {
  app = await buildTestApp({ clock: () => new Date(now) });
  owner = await signUp(app, 'ramen-owner');
  otherOwner = await signUp(app, 'other-owner');
  caller = await signUp(app, 'assistant-app');
  admin = await signUp(app, 'admin');
  await app.store.accounts.update(admin.accountId, { role: 'admin' }, new Date(T0).toISOString());
  const created = await request(app.callback)
    .post('/v1/business/profile')
    .set(owner.auth)
    .send(completeProfileBody({ name: 'Ramen Tatsu-Ya', description: 'Tonkotsu ramen, spicy miso and vegan ramen bowls on the east side of Austin, open late.' }));
  businessId = created.body.data.id;
  expect((await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' })).status).toBe(200);
  await request(app.callback).post('/v1/business/profile').set(otherOwner.auth).send(completeProfileBody({ name: 'Basil Thai' }));
  await untilIndexed(app);
});
afterAll(() => app.close());

describe('the disclosure of a consumer search answer', () => {
  it('says the template wrote the summary, when, and links to a report address on this server', async () => {
    const answer = await search(caller);
    expect(answer.status).toBe(200);
    const disclosure = answer.body.data.summaryDisclosure;
    expect(disclosure).toEqual({
      text: "Summary written by a fixed template (no AI model) on 2026-05-04 from the listed businesses' profiles. Report it if it is wrong.",
      generatedBy: 'template',
      generatedAt: '2026-05-04T15:00:00.000Z',
      reportUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/summaries\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/reports$/),
    });
    expect(answer.body.data.response).toContain('Ramen Tatsu-Ya');
  });

  it('keeps the time a cached summary was first written', async () => {
    now = T0 + 60_000;
    const first = await search(caller, 'late night ramen in Austin');
    now = T0 + 120_000;
    const again = await search(caller, 'late night ramen in Austin');
    expect(again.body.data.response).toBe(first.body.data.response);
    expect(again.body.data.summaryDisclosure.generatedAt).toBe(new Date(T0 + 60_000).toISOString());
    // Another answer: another request id in its link.
    expect(reportPath(again)).not.toBe(reportPath(first));
    now = T0;
  });
});

describe('reporting a summary', () => {
  it('records what was wrong with the answer\'s request id and the businesses its summary named, once per caller', async () => {
    const answer = await search(caller);
    const made = await report(caller, reportPath(answer), { reason: 'inaccurate', details: 'They close at 9, not 10.', summary: answer.body.data.response });
    expect(made.status).toBe(201);
    expect(made.body.data).toEqual({
      id: expect.stringMatching(/^srp_/),
      requestId: answer.headers['x-request-id'],
      businessIds: [businessId],
      reason: 'inaccurate',
      details: 'They close at 9, not 10.',
      summary: { generatedBy: 'template', generatedAt: '2026-05-04T15:00:00.000Z', text: answer.body.data.response },
      createdAt: '2026-05-04T15:00:00.000Z',
    });

    const again = await report(caller, reportPath(answer), { reason: 'other', details: 'Sending it twice.' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(made.body.data);
  });

  it('refuses a quoted summary that is not the one the answer carried, naming the field', async () => {
    const answer = await search(caller);
    const refused = await report(caller, reportPath(answer), { reason: 'inaccurate', summary: 'Ramen Tatsu-Ya is closed for good.' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'summary' } });
  });

  it('refuses a reason it does not know, with the field named', async () => {
    const answer = await search(caller);
    const refused = await report(caller, reportPath(answer), { reason: 'boring' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'VALIDATION_ERROR', details: { field: 'reason' } });
  });

  it('answers 404 SUMMARY_NOT_FOUND for a link it did not issue, a changed one, or one of the other environment', async () => {
    const answer = await search(caller);
    const path = reportPath(answer);
    const [payload, signature] = path.split('/')[3].split('.');
    const tampered = `/v1/summaries/${payload.slice(0, -2)}xx.${signature}/reports`;
    for (const forged of ['/v1/summaries/made-up/reports', tampered]) {
      const refused = await report(caller, forged);
      expect({ forged, status: refused.status, code: refused.body.error?.code }).toEqual({ forged, status: 404, code: 'SUMMARY_NOT_FOUND' });
    }
    const sandbox = await apiKey(app, caller, 'test');
    const crossed = await report(sandbox, path);
    expect([crossed.status, crossed.body.error.code]).toEqual([404, 'SUMMARY_NOT_FOUND']);
  });

  it('needs a credential with read:businesses, like the search it reports', async () => {
    const answer = await search(caller);
    expect((await request(app.callback).post(reportPath(answer)).send({ reason: 'inaccurate' })).status).toBe(401);
    const analyticsOnly = await apiKey(app, caller, 'live', ['read:analytics']);
    const refused = await report(analyticsOnly, reportPath(answer));
    expect([refused.status, refused.body.error.details.requiredScope]).toEqual([403, 'read:businesses']);
  });
});

describe('who reads the reports', () => {
  it('the owner of a business the summary named lists them without the reporter; another owner may not', async () => {
    const listed = await request(app.callback).get(`/v1/business/profile/${businessId}/summary-reports`).set(owner.auth);
    expect(listed.status).toBe(200);
    expect(listed.body.data.reports.length).toBeGreaterThanOrEqual(1);
    expect(listed.body.data.reports[0]).toMatchObject({ businessIds: [businessId], reason: 'inaccurate' });
    expect(listed.body.data.reports.every((one: Record<string, unknown>) => !('reporterAccountId' in one))).toBe(true);
    expect(listed.body.data.pagination).toMatchObject({ limit: 20, hasMore: false, total: listed.body.data.reports.length });

    const refused = await request(app.callback).get(`/v1/business/profile/${businessId}/summary-reports`).set(otherOwner.auth);
    expect(refused.status).toBe(403);
  });

  it('admins list every report of their environment, with the reporting account, page by page', async () => {
    const first = await request(app.callback).get('/v1/admin/summary-reports?limit=1').set(admin.auth);
    expect(first.status).toBe(200);
    expect(first.body.data.reports).toEqual([expect.objectContaining({ reporterAccountId: caller.accountId })]);
    expect(first.body.data.pagination.hasMore).toBe(first.body.data.pagination.total > 1);
    expect((await request(app.callback).get('/v1/admin/summary-reports').set(owner.auth)).status).toBe(403);
  });
});

it('limits a caller to 20 reports in 24 hours, then 429 RATE_LIMITED with Retry-After until the oldest leaves the window', async () => {
  // An API key: the clock moves a day on, past any access token's hour.
  const busy = await apiKey(app, await signUp(app, 'busy-reporter', 'enterprise'), 'live');
  now = T0 + 3_600_000;
  for (let i = 0; i < 20; i++) {
    const answer = await search(busy);
    expect((await report(busy, reportPath(answer))).status).toBe(201);
  }
  now = T0 + 3_600_000 + 10_000;
  const answer = await search(busy);
  const refused = await report(busy, reportPath(answer));
  expect(refused.status).toBe(429);
  expect(refused.body.error.code).toBe('RATE_LIMITED');
  // The first of the 20 was made 10 s ago: the window frees a place 24 h after it.
  expect(refused.headers['retry-after']).toBe(String(24 * 3600 - 10));
  now = T0 + 3_600_000 + 24 * 3_600_000 + 1;
  expect((await report(busy, reportPath(answer))).status).toBe(201);
  now = T0;
}, 60_000);

describe('with a language model', () => {
  let llm: OpenAiCompatibleServer;
  let modelApp: TestApp;

  beforeAll(async () => {
    llm = await startOpenAiCompatibleServer();
    modelApp = await buildTestApp({ clock: () => new Date(T0), llm: createOpenAiLanguageModel({ apiKey: 'sk-local', baseURL: llm.baseURL, model: 'local-model' }) });
    const cook = await signUp(modelApp, 'model-owner');
    const made = await request(modelApp.callback)
      .post('/v1/business/profile')
      .set(cook.auth)
      .send(completeProfileBody({ name: 'Ramen Tatsu-Ya', description: 'Tonkotsu ramen, spicy miso and vegan ramen bowls on the east side of Austin, open late.' }));
    await request(modelApp.callback).patch(`/v1/business/profile/${made.body.data.id}`).set(cook.auth).send({ status: 'published' });
    await untilIndexed(modelApp);
  });
  afterAll(async () => {
    await modelApp.close();
    await llm.close();
  });

  it('names the model that wrote a grounded summary, and says the template wrote it when the model failed', async () => {
    const asker = await signUp(modelApp, 'model-asker');
    const ask = (query: string) => request(modelApp.callback).post('/v1/api/v1/consumer/search').set(asker.auth).send({ query, location: AUSTIN });
    llm.reply({ kind: 'json', content: { terms: ['ramen'], categories: ['restaurants'], serviceTerms: [] } }, { kind: 'text', content: 'Ramen Tatsu-Ya serves tonkotsu and vegan ramen close to you.' });
    const generated = await ask('somewhere for a bowl of noodle soup');
    expect(generated.body.data.response).toBe('Ramen Tatsu-Ya serves tonkotsu and vegan ramen close to you.');
    expect(generated.body.data.summaryDisclosure).toMatchObject({
      generatedBy: 'model',
      model: 'local-model',
      text: "Summary generated by an AI model (local-model) on 2026-05-04 from the listed businesses' profiles. It was checked against them but may still be wrong: report it if it is.",
    });
    const reported = await request(modelApp.callback).post(new URL(generated.body.data.summaryDisclosure.reportUrl).pathname).set(asker.auth).send({ reason: 'not_relevant' });
    expect(reported.body.data.summary).toEqual({ generatedBy: 'model', model: 'local-model', generatedAt: '2026-05-04T15:00:00.000Z' });

    llm.reply({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
    const fallback = await ask('vegan ramen');
    expect(fallback.body.data.summaryDisclosure).toMatchObject({ generatedBy: 'template' });
    expect(fallback.body.data.summaryDisclosure.model).toBeUndefined();
  });
});

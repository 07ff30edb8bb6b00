// AI crawlers' fetches of a public page, counted as crawl events per platform and purpose after the
// page is answered, and read back in GET /v1/analytics/upstream-metrics. The user agents are the
// crawlers' own published strings.
import request from 'supertest';
import { completeProfileBody, signUp, type Actor } from '../actors';
import { buildTestApp, type TestApp } from '../testApp';

const AGENTS = {
  gptBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  oaiSearch: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
  chatGptUser: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
  perplexity: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
  claudeBot: 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
  browser: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
};

let app: TestApp;
let owner: Actor;
let businessId: string;
let path: string;

beforeAll(async () => {
  app = await buildTestApp({
    // Claude's crawlers are confirmed by address here, and the tests' 127.0.0.1 is not among them.
    config: { jsonBodyLimit: 1024 * 1024, jwtSecret: 'test-secret-that-is-at-least-32-characters-long', crawlerIpRanges: { claude: '160.79.104.0/23' } },
  });
  owner = await signUp(app, 'owner', 'enterprise');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Crawled Cafe', category: 'cafe' }));
  businessId = created.body.data.id;
  path = (await request(app.callback).patch(`/v1/business/profile/${businessId}`).set(owner.auth).send({ status: 'published' })).body.data.publicPage.path;
});
afterAll(() => app.close());

async function recorded(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await app.eventRecorder.flush();
}

it('counts each AI crawler fetch per platform and purpose, and nothing for people or pretenders', async () => {
  for (const [agent, suffix] of [
    [AGENTS.gptBot, ''], [AGENTS.gptBot, '.md'], [AGENTS.oaiSearch, ''], [AGENTS.chatGptUser, '.md'],
    [AGENTS.perplexity, ''], [AGENTS.claudeBot, ''], [AGENTS.browser, ''], ['', ''],
  ]) {
    expect((await request(app.callback).get(`${path}${suffix}`).set('User-Agent', agent)).status).toBe(200);
  }
  // A crawler's request for an address with no page counts nothing.
  expect((await request(app.callback).get('/b/not-a-business').set('User-Agent', AGENTS.gptBot)).status).toBe(404);
  await recorded();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const metrics = await request(app.callback).get(`/v1/analytics/upstream-metrics?businessId=${businessId}&startDate=${yesterday}&endDate=${tomorrow}`).set(owner.auth);
  expect(metrics.status).toBe(200);
  // By hand: GPTBot twice (training), OAI-SearchBot (search), ChatGPT-User (user), PerplexityBot (search);
  // ClaudeBot from outside Claude's published ranges, the browser and the empty agent are not counted.
  expect(metrics.body.metrics.crawls).toEqual({ total: 5, training: 2, search: 2, user: 1 });
  expect(metrics.body.platforms.map(({ name, crawls }: { name: string; crawls: unknown }) => ({ name, crawls }))).toEqual([
    { name: 'chatgpt', crawls: { total: 4, training: 2, search: 1, user: 1 } },
    { name: 'perplexity', crawls: { total: 1, training: 0, search: 1, user: 0 } },
  ]);
  const crawls = app.recorded.stored.filter((event) => event.type === 'crawl');
  expect(crawls).toHaveLength(5);
  expect(crawls.every((event) => event.surface === 'page' && event.environment === 'live' && event.businessId === businessId)).toBe(true);
});

it('answers the page even when recording fails: a fetch never waits for analytics', async () => {
  const failing = await buildTestApp({ eventRecorder: { record: () => { throw new Error('recorder down'); }, flush: async () => undefined, close: async () => undefined } });
  try {
    const someone = await signUp(failing, 'owner', 'enterprise');
    const created = await request(failing.callback).post('/v1/business/profile').set(someone.auth).send(completeProfileBody({ name: 'Steady Bakery', category: 'bakery' }));
    const page = (await request(failing.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(someone.auth).send({ status: 'published' })).body.data.publicPage.path;
    const response = await request(failing.callback).get(page).set('User-Agent', AGENTS.gptBot);
    expect(response.status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    await failing.close();
  }
});

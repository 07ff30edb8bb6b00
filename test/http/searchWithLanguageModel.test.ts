// Consumer search through the API with a language model configured (OPENAI_* pointing at a
// local OpenAI-compatible server): the model's intent and summary are used when they are
// grounded, and the rules/template answer when it fails or invents a business.
import request from 'supertest';
import { createOpenAiLanguageModel } from '../../src/adapters/openai/openAiLanguageModel';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../harness/openAiCompatibleServer';
import { completeProfileBody, signUp, type Actor } from './actors';
import { buildTestApp, untilIndexed, type TestApp } from './testApp';

let llmServer: OpenAiCompatibleServer;
let app: TestApp;
let owner: Actor;

const AUSTIN = { lat: 30.2672, lon: -97.7431 };
const intent = { terms: ['ramen'], categories: ['restaurants'], serviceTerms: [] };

beforeAll(async () => {
  llmServer = await startOpenAiCompatibleServer();
  app = await buildTestApp({ llm: createOpenAiLanguageModel({ apiKey: 'sk-local', baseURL: llmServer.baseURL, model: 'local-model' }) });
  owner = await signUp(app, 'llm');
  const created = await request(app.callback).post('/v1/business/profile').set(owner.auth).send(completeProfileBody({ name: 'Ramen Tatsu-Ya', description: 'Tonkotsu ramen, spicy miso and vegan ramen bowls on the east side of Austin, open late.' }));
  await request(app.callback).patch(`/v1/business/profile/${created.body.data.id}`).set(owner.auth).send({ status: 'published' });
  await untilIndexed(app);
});
afterAll(async () => {
  await app.close();
  await llmServer.close();
});
beforeEach(() => llmServer.reset());

function search(query: string) {
  return request(app.callback).post('/v1/api/v1/consumer/search').set(owner.auth).send({ query, location: { ...AUSTIN, distance: '20km' } });
}

it('uses the model intent and a grounded model summary', async () => {
  llmServer.reply({ kind: 'json', content: intent }, { kind: 'text', content: 'Ramen Tatsu-Ya serves tonkotsu and vegan ramen close to you.' });
  const response = await search('somewhere for a bowl of noodle soup');
  expect(response.status).toBe(200);
  expect(response.body.data.businesses[0].name).toBe('Ramen Tatsu-Ya');
  expect(response.body.data.response).toBe('Ramen Tatsu-Ya serves tonkotsu and vegan ramen close to you.');
  const summaryRequest = llmServer.requests[1].body;
  expect(JSON.stringify(summaryRequest.messages)).toContain('Ramen Tatsu-Ya');
  expect(llmServer.requests[0].body.response_format.type).toBe('json_schema');
});

it('falls back to the template when the model names a business that is not in the results', async () => {
  llmServer.reply({ kind: 'json', content: intent }, { kind: 'text', content: 'Try Ippudo Downtown, the best ramen in town.' });
  const response = await search('ramen bowls');
  expect(response.body.data.response).not.toContain('Ippudo');
  expect(response.body.data.response).toContain('Ramen Tatsu-Ya');
});

it('answers with rules and the template when the model fails', async () => {
  llmServer.reply({ kind: 'error', status: 500 }, { kind: 'error', status: 500 });
  const response = await search('vegan ramen');
  expect(response.status).toBe(200);
  expect(response.body.data.businesses[0].name).toBe('Ramen Tatsu-Ya');
  expect(response.body.data.response).toContain('Ramen Tatsu-Ya');
});

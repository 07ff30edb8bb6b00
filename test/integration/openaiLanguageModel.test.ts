// The LLM path end to end over HTTP: the real openai SDK adapter talks to a local
// OpenAI-compatible server, driven through understandQuery and summarise.
import { INTENT_JSON_SCHEMA } from '../../src/adapters/openai/intentSchema';
import { createOpenAiLanguageModel } from '../../src/adapters/openai/openAiLanguageModel';
import { UnavailableError } from '../../src/domain/errors';
import { parseIntentByRules } from '../../src/domain/search/intent';
import { rankCandidates } from '../../src/domain/search/ranking';
import { summarise } from '../../src/domain/search/summarise';
import { templateSummary } from '../../src/domain/search/summaryTemplate';
import { understandQuery } from '../../src/domain/search/understandQuery';
import type { SearchDocument } from '../../src/ports/searchIndex';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../harness/openAiCompatibleServer';
import { searchDocument } from '../fixtures/searchDocument';

const SLOW_MS = 5000;
const BUDGET_MS = 300;

let server: OpenAiCompatibleServer;
let llm: ReturnType<typeof createOpenAiLanguageModel>;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
  llm = createOpenAiLanguageModel({ apiKey: 'sk-local-test', baseURL: server.baseURL, model: 'local-test-model' });
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => server.reset());

function doc(id: string, name: string, description: string): SearchDocument {
  return searchDocument({ id, name, description, address: { street: '1 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, verificationLevel: 'verified', averageRating: 4.6, reviewCount: 120, completeness: 90, aiVisibilityScore: 60 });
}

describe('query understanding through an OpenAI-compatible server', () => {
  const query = 'vegan lunch in Austin open now';

  it('sends a strict JSON-schema structured-output request and merges the answer over the rules', async () => {
    server.reply({
      kind: 'json',
      content: {
        terms: ['vegan'],
        categories: ['restaurants'],
        serviceTerms: ['grain bowl'],
        place: { city: 'Austin', state: 'TX', near: null },
        when: { openNow: true, day: null, late: null },
        price: { cheap: true, maxAmount: null, currency: null },
        quality: null,
      },
    });

    const result = await understandQuery(query, llm, 5000);

    expect(result).toEqual({
      source: 'llm',
      intent: {
        terms: ['vegan'],
        categories: ['restaurants'],
        serviceTerms: ['grain bowl'],
        place: { city: 'Austin', state: 'TX' },
        when: { openNow: true },
        price: { cheap: true },
      },
    });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-local-test');
    expect(request.body.model).toBe('local-test-model');
    expect(request.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'search_intent', strict: true, schema: JSON.parse(JSON.stringify(INTENT_JSON_SCHEMA)) },
    });
    expect(request.body.messages.at(-1)).toEqual({ role: 'user', content: query });
  });

  it('carries the model\'s clock times and relative day into the intent', async () => {
    server.reply({
      kind: 'json',
      content: {
        terms: [], categories: ['bars'], serviceTerms: [], place: null, price: null, quality: null,
        when: { openNow: null, day: null, relativeDay: 'today', late: null, openAt: null, openUntil: '2:00' },
      },
    });
    const result = await understandQuery('somewhere for a drink after the show tonight, till 2', llm, 5000);
    expect(result.source).toBe('llm');
    expect(result.intent.when).toEqual({ relativeDay: 'today', openUntil: '02:00' });
  });

  it('answers with the rules within the budget when the model is slow, and abandons the call', async () => {
    server.reply({ kind: 'json', content: { terms: ['never'], categories: [], serviceTerms: [] }, delayMs: SLOW_MS });

    const result = await understandQuery(query, llm, BUDGET_MS);

    expect(result).toEqual({ intent: parseIntentByRules(query), source: 'rules', fallbackReason: 'timeout' });
    await server.settled();
    expect(server.requests[0].aborted).toBe(true);
  });

  it('answers with the rules after a server error, without retrying', async () => {
    server.reply({ kind: 'error', status: 500 });

    const result = await understandQuery(query, llm, 5000);

    expect(result).toEqual({ intent: parseIntentByRules(query), source: 'rules', fallbackReason: 'error' });
    expect(server.requests).toHaveLength(1);
  });

  it('answers with the rules when the model returns something that is not an intent', async () => {
    server.reply({ kind: 'text', content: 'Sure! You want vegan food.' });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackReason: 'error' });

    server.reply({ kind: 'json', content: { terms: 'vegan', categories: [], serviceTerms: [] } });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackReason: 'error' });
  });

  it('answers with the rules when the model refuses', async () => {
    server.reply({ kind: 'refusal', refusal: 'I cannot help with that.' });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackReason: 'error' });
  });
});

describe('summaries through an OpenAI-compatible server', () => {
  const query = 'vegan lunch in Austin';
  const intent = parseIntentByRules(query);
  const ranked = rankCandidates(
    [
      { document: doc('biz_green', 'Green Leaf Kitchen', 'Vegan bowls'), textScore: 1, distanceKm: 1.2 },
      { document: doc('biz_sunny', 'Sunny Bowl', 'vegan wraps'), textScore: 0.8, distanceKm: 2.4 },
    ],
    { intent, radiusKm: 50 },
  );
  const notReturned = ['Taco Palace'];
  const template = templateSummary({ query, intent }, ranked, 2);

  it('uses a grounded answer, and the prompt holds only the returned businesses', async () => {
    const text = 'Green Leaf Kitchen is 1.2 km away and rated 4.6; Sunny Bowl is close by too. Both serve vegan food in Austin.';
    server.reply({ kind: 'text', content: text });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned });

    expect(summary).toEqual({ text, source: 'llm' });
    const [request] = server.requests;
    expect(request.body.model).toBe('local-test-model');
    expect(request.body.response_format).toBeUndefined();
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('Green Leaf Kitchen');
    expect(prompt).toContain('Sunny Bowl');
    expect(prompt).toContain('rated 4.6 from 120 reviews');
    expect(prompt).not.toContain('Taco Palace');
    expect(request.body.messages[0].role).toBe('system');
    expect(request.body.messages[0].content).toMatch(/ONLY the businesses in the provided list/);
    const context = JSON.parse(request.body.messages[1].content.slice(request.body.messages[1].content.indexOf('{')));
    expect(context.businesses.map((b: { name: string }) => b.name)).toEqual(['Green Leaf Kitchen', 'Sunny Bowl']);
  });

  it('uses the template when the answer names a business that is not in the results', async () => {
    server.reply({ kind: 'text', content: 'Green Leaf Kitchen is good, but Taco Palace is the real favourite.' });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned });

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'ungrounded' });
  });

  it('uses the template when the answer invents a business nobody searched for', async () => {
    server.reply({ kind: 'text', content: "Try Mama Rosa's Trattoria for the best vegan lasagna." });
    await expect(summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned })).resolves.toMatchObject({ source: 'template', fallbackReason: 'ungrounded' });
  });

  it('uses the template within the budget when the model is slow, and abandons the call', async () => {
    server.reply({ kind: 'text', content: 'Green Leaf Kitchen.', delayMs: SLOW_MS });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: BUDGET_MS, knownNames: notReturned });

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'timeout' });
    await server.settled();
    expect(server.requests[0].aborted).toBe(true);
  });

  it('uses the template after a server error, without retrying', async () => {
    server.reply({ kind: 'error', status: 500 });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned });

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'error' });
    expect(server.requests).toHaveLength(1);
  });

  it('uses the template when the model sends an empty answer', async () => {
    server.reply({ kind: 'text', content: '   ' });
    await expect(summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned })).resolves.toMatchObject({ source: 'template', fallbackReason: 'error' });
  });
});

describe('the OpenAI adapter on its own', () => {
  const never = () => new AbortController().signal;

  it('reports a failed call as UnavailableError without passing on the server\'s message', async () => {
    server.reply({ kind: 'error', status: 503, message: 'upstream secret detail' });
    const failure = llm.extractIntent('pizza', never());
    await expect(failure).rejects.toBeInstanceOf(UnavailableError);
    await expect(failure).rejects.toThrow('Language model request failed (status 503)');
    await expect(failure).rejects.not.toThrow(/secret/);
  });

  it('gives up at its own transport timeout when the caller set no budget', async () => {
    const impatient = createOpenAiLanguageModel({ apiKey: 'sk-local-test', baseURL: server.baseURL, model: 'm', timeoutMs: 200 });
    server.reply({ kind: 'text', content: 'late', delayMs: SLOW_MS });
    await expect(impatient.summarise({ query: 'q', businesses: [] }, never())).rejects.toBeInstanceOf(UnavailableError);
    await server.settled();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].aborted).toBe(true);
  });
});

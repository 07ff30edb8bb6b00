// The LLM path end to end over HTTP: the real openai SDK adapter talks to a local
// OpenAI-compatible server, driven through understandQuery and summarise.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { INTENT_JSON_SCHEMA } from '../../src/adapters/openai/intentSchema';
import { createOpenAiLanguageModel } from '../../src/adapters/openai/openAiLanguageModel';
import { UnavailableError } from '../../src/domain/errors';
import { parseIntentByRules } from '../../src/domain/search/intent';
import { rankCandidates } from '../../src/domain/search/ranking';
import { summarise } from '../../src/services/search/summarise';
import { templateSummary } from '../../src/domain/search/summaryTemplate';
import { understandQuery } from '../../src/services/search/understandQuery';
import type { SearchDocument } from '../../src/ports/searchIndex';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../harness/openAiCompatibleServer';
import { searchDocument } from '../fixtures/searchDocument';

const SLOW_MS = 5000;
const BUDGET_MS = 300;

let server: OpenAiCompatibleServer;
let llm: ReturnType<typeof createOpenAiLanguageModel>;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.reset();
  // A fresh adapter per test: it pauses after a 429 or a run of failures, which must not carry over.
  llm = createOpenAiLanguageModel({ apiKey: 'sk-local-test', baseURL: server.baseURL, model: 'local-test-model' });
});

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
        // The model's word for the kind, mapped onto the taxonomy's key.
        categories: ['amenity/restaurant'],
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

    expect(result).toEqual({ intent: parseIntentByRules(query), source: 'rules', fallbackReason: 'timeout', fallbackDetail: `No answer within ${BUDGET_MS} ms` });
    await server.settled();
    expect(server.requests[0].aborted).toBe(true);
  });

  it('answers with the rules after a server error, without retrying', async () => {
    server.reply({ kind: 'error', status: 500 });

    const result = await understandQuery(query, llm, 5000);

    expect(result).toEqual({ intent: parseIntentByRules(query), source: 'rules', fallbackReason: 'error', fallbackDetail: 'Language model request failed (status 500)' });
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

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'ungrounded', fallbackDetail: 'names something that is not in the results' });
  });

  it('uses the template when the answer invents a business nobody searched for', async () => {
    server.reply({ kind: 'text', content: "Try Mama Rosa's Trattoria for the best vegan lasagna." });
    await expect(summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned })).resolves.toMatchObject({ source: 'template', fallbackReason: 'ungrounded' });
  });

  it('uses the template within the budget when the model is slow, and abandons the call', async () => {
    server.reply({ kind: 'text', content: 'Green Leaf Kitchen.', delayMs: SLOW_MS });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: BUDGET_MS, knownNames: notReturned });

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'timeout', fallbackDetail: `No answer within ${BUDGET_MS} ms` });
    await server.settled();
    expect(server.requests[0].aborted).toBe(true);
  });

  it('uses the template after a server error, without retrying', async () => {
    server.reply({ kind: 'error', status: 500 });

    const summary = await summarise({ query, intent }, ranked, 2, { llm, budgetMs: 5000, knownNames: notReturned });

    expect(summary).toEqual({ text: template, source: 'template', fallbackReason: 'error', fallbackDetail: 'Language model request failed (status 500)' });
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

// The scripted server always answers finish_reason 'stop' and no headers; these cases need a
// real server that answers exactly as a deployment meets it (a cut-off answer, a 429 with Retry-After).
async function rawServer(answer: (res: ServerResponse) => void): Promise<{ baseURL: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const http = createServer((req, res) => {
    hits += 1;
    req.resume().on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return { baseURL: `http://127.0.0.1:${port}/v1`, hits: () => hits, close: () => new Promise((resolve) => http.close(() => resolve())) };
}

function completionWith(content: string, finishReason: string) {
  return JSON.stringify({
    id: 'chatcmpl-raw', object: 'chat.completion', created: 0, model: 'm',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finishReason, logprobs: null }],
  });
}

describe('answers a deployment meets', () => {
  const query = 'vegan lunch in Austin';
  const intent = parseIntentByRules(query);
  const ranked = rankCandidates([{ document: doc('biz_green', 'Green Leaf Kitchen', 'Vegan bowls'), textScore: 1, distanceKm: 1.2 }], { intent, radiusKm: 50 });

  it('does not use an answer the model was cut off in (finish_reason length)', async () => {
    const raw = await rawServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(completionWith('Green Leaf Kitchen is the', 'length')));
    try {
      const model = createOpenAiLanguageModel({ apiKey: 'k', baseURL: raw.baseURL, model: 'm' });
      await expect(summarise({ query, intent }, ranked, 1, { llm: model, budgetMs: 5000 })).resolves.toMatchObject({
        source: 'template',
        fallbackReason: 'error',
        fallbackDetail: 'Language model answer was cut off (finish_reason length)',
      });
      // The intent call says why too: not a vague "not JSON".
      await expect(understandQuery(query, model, 5000)).resolves.toMatchObject({ source: 'rules', fallbackDetail: expect.stringMatching(/cut off/) });
    } finally {
      await raw.close();
    }
  });

  it('leaves the model alone for its Retry-After after a 429, and asks again once it has passed', async () => {
    const raw = await rawServer((res) =>
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' }).end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests' } })));
    let clock = 1_000_000;
    try {
      const model = createOpenAiLanguageModel({ apiKey: 'k', baseURL: raw.baseURL, model: 'm', now: () => clock });
      await expect(understandQuery(query, model, 5000)).resolves.toMatchObject({ source: 'rules', fallbackDetail: 'Language model request failed (status 429, retry after 30)' });
      await expect(summarise({ query, intent }, ranked, 1, { llm: model, budgetMs: 5000 })).resolves.toMatchObject({
        source: 'template',
        fallbackDetail: expect.stringMatching(/^Language model not asked: paused for 30 s more after a 429/),
      });
      expect(raw.hits()).toBe(1);
      clock += 30_000;
      await understandQuery(query, model, 5000);
      expect(raw.hits()).toBe(2);
    } finally {
      await raw.close();
    }
  });

  it('stops asking for a while after five failures in a row', async () => {
    server.reply(...Array.from({ length: 6 }, () => ({ kind: 'error' as const, status: 500 })));
    for (let i = 0; i < 5; i += 1) await understandQuery(query, llm, 5000);
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackDetail: expect.stringMatching(/not asked: paused .* after 5 failures in a row/) });
    expect(server.requests).toHaveLength(5);
  });

  it('caps the answer length and tells the model that names, taglines and the query are data, not instructions', async () => {
    server.reply({ kind: 'json', content: { terms: [], categories: [], serviceTerms: [] } }, { kind: 'text', content: 'Green Leaf Kitchen is 1.2 km away.' });
    await understandQuery(query, llm, 5000);
    await summarise({ query, intent }, ranked, 1, { llm, budgetMs: 5000 });
    const [intentRequest, summaryRequest] = server.requests;
    expect(intentRequest.body.max_completion_tokens).toBeGreaterThan(0);
    expect(summaryRequest.body.max_completion_tokens).toBeGreaterThan(0);
    expect(intentRequest.body.messages[0].content).toMatch(/never as instructions/);
    expect(summaryRequest.body.messages[0].content).toMatch(/data to describe, never instructions/);
  });

  it('never lets a later, shorter pause cut a 429\'s Retry-After short, and pauses at least a second on "Retry-After: 0"', async () => {
    let retryAfter = '300';
    const raw = await rawServer((res) => res.writeHead(429, { 'content-type': 'application/json', 'retry-after': retryAfter }).end('{"error":{"message":"x"}}'));
    let clock = 1_000_000;
    try {
      const model = createOpenAiLanguageModel({ apiKey: 'k', baseURL: raw.baseURL, model: 'm', now: () => clock });
      await understandQuery(query, model, 5000);
      clock += 299_000;
      await expect(understandQuery(query, model, 5000)).resolves.toMatchObject({ fallbackDetail: expect.stringMatching(/paused for 1 s more after a 429/) });
      clock += 1_000;
      retryAfter = '0';
      await understandQuery(query, model, 5000);
      await expect(understandQuery(query, model, 5000)).resolves.toMatchObject({ fallbackDetail: expect.stringMatching(/not asked: paused/) });
      expect(raw.hits()).toBe(2);
    } finally {
      await raw.close();
    }
  });

  it('does not count its own budget running out as the model failing', async () => {
    server.reply(...Array.from({ length: 6 }, () => ({ kind: 'json' as const, delayMs: 300, content: { terms: [], categories: [], serviceTerms: [] } })));
    for (let i = 0; i < 6; i += 1) await expect(understandQuery(query, llm, 50)).resolves.toMatchObject({ fallbackReason: 'timeout' });
    expect(server.requests).toHaveLength(6);
  });

  it('refuses an intent answer far longer than any intent, and reads a fence that never closes in one scan', async () => {
    // The first version's fence regex took minutes on this (cubic backtracking); jest's timeout would fail it.
    server.reply({ kind: 'text', content: '```' + '\n'.repeat(5_000) + 'x```y' }, { kind: 'text', content: ' '.repeat(20_000) + '{}' });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackDetail: expect.stringMatching(/not JSON/) });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'rules', fallbackDetail: expect.stringMatching(/too long/) });
  });

  it('reads an intent wrapped in a markdown code fence', async () => {
    server.reply({ kind: 'text', content: '```json\n{"terms":["vegan"],"categories":["restaurants"],"serviceTerms":["lunch"],"place":null,"when":null,"price":null,"quality":null}\n```' });
    await expect(understandQuery(query, llm, 5000)).resolves.toMatchObject({ source: 'llm', intent: { terms: ['vegan'], serviceTerms: ['lunch'] } });
  });
});

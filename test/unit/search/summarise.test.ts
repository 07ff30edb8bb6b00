import { parseIntentByRules } from '../../../src/domain/search/intent';
import { rankCandidates } from '../../../src/domain/search/ranking';
import { summarise, summaryBusiness } from '../../../src/services/search/summarise';
import { templateSummary } from '../../../src/domain/search/summaryTemplate';
import type { LanguageModel } from '../../../src/ports/llm';
import { rankedFor } from '../../fixtures/rankedFor';
import { searchDocument } from '../../fixtures/searchDocument';

const query = 'vegan lunch in Austin';
const intent = parseIntentByRules(query);
const ranked = rankCandidates(
  [
    { document: searchDocument({ id: 'biz_1', name: 'Green Leaf Kitchen', description: 'vegan', tagline: 'Plants first' }), textScore: 1, distanceKm: 1.2 },
    { document: searchDocument({ id: 'biz_2', name: 'Sunny Bowl', description: 'vegan' }), textScore: 0.8, distanceKm: 2 },
  ],
  { intent, radiusKm: 50 },
);
const template = templateSummary({ query, intent }, ranked, 2);

function fakeModel(summariseFn: LanguageModel['summarise']): LanguageModel {
  return { extractIntent: async () => ({ terms: [], categories: [], serviceTerms: [] }), summarise: summariseFn };
}

describe('summarise', () => {
  it('uses the template when no language model is configured', async () => {
    await expect(summarise({ query, intent }, ranked, 2)).resolves.toEqual({ text: template, source: 'template' });
  });

  it('uses the model\'s text when it names only returned businesses', async () => {
    const text = 'Green Leaf Kitchen is 1.2 km away and Sunny Bowl is 2.0 km away; both serve vegan lunch in Austin.';
    await expect(summarise({ query, intent }, ranked, 2, { llm: fakeModel(async () => text) })).resolves.toEqual({ text, source: 'llm' });
  });

  it('falls back to the template when the model names a business that is not in the results', async () => {
    const model = fakeModel(async () => 'Green Leaf Kitchen is nice, but Taco Palace is better.');
    await expect(summarise({ query, intent }, ranked, 2, { llm: model, budgetMs: 1000, knownNames: ['Taco Palace'] })).resolves.toEqual({
      text: template,
      source: 'template',
      fallbackReason: 'ungrounded',
      fallbackDetail: 'names something that is not in the results',
    });
  });

  it('falls back to the template on error and at the budget', async () => {
    await expect(summarise({ query, intent }, ranked, 2, { llm: fakeModel(async () => Promise.reject(new Error('x'))) })).resolves.toEqual({
      text: template,
      source: 'template',
      fallbackReason: 'error',
      fallbackDetail: 'x',
    });
    const slow = fakeModel(() => new Promise<string>(() => undefined));
    await expect(summarise({ query, intent }, ranked, 2, { llm: slow, budgetMs: 30 })).resolves.toEqual({ text: template, source: 'template', fallbackReason: 'timeout', fallbackDetail: 'No answer within 30 ms' });
  });

  describe('when some or all results are not what was asked for', () => {
    const ramenQuery = 'ramen near Austin';
    const { intent: ramenIntent, results: mixed } = rankedFor(ramenQuery, [
      { document: searchDocument({ id: 'biz_r', name: 'Noodle Bar', description: 'Tonkotsu ramen' }), textScore: 1, distanceKm: 3 },
      { document: searchDocument({ id: 'biz_p', name: 'Slice House', description: 'Pizza by the slice' }), textScore: 0.5, distanceKm: 1 },
    ], 25);
    const request = { query: ramenQuery, intent: ramenIntent, radiusKm: 25 };

    it('gives the model only the businesses that match, and says after its text that the others are not a match', async () => {
      expect(mixed.map((r) => [r.document.name, r.matchesQuery])).toEqual([['Noodle Bar', true], ['Slice House', false]]);
      const given: string[][] = [];
      const model = fakeModel(async ({ businesses }) => {
        given.push(businesses.map((b) => b.name));
        return 'Noodle Bar is 3.0 km away.';
      });
      await expect(summarise(request, mixed, 2, { llm: model })).resolves.toEqual({
        text: 'Noodle Bar is 3.0 km away. One other result on this page is not a match for "ramen".',
        source: 'llm',
      });
      expect(given).toEqual([['Noodle Bar']]);
    });

    it('refuses a model text that presents a business it was not given', async () => {
      const model = fakeModel(async () => 'Noodle Bar and Slice House both serve ramen.');
      const result = await summarise(request, mixed, 2, { llm: model });
      expect(result).toMatchObject({ source: 'template', fallbackReason: 'ungrounded' });
      expect(result.text).toBe(
        'Found 2 places for "ramen near Austin". Top pick: Noodle Bar (listed under restaurants, matches "ramen", rated 4.0 from 50 reviews, 3.0 km away). ' +
          'One other result on this page is not a match for "ramen".',
      );
    });

    it('does not ask the model when none matches: the template says so first', async () => {
      let called = false;
      const model = fakeModel(async () => ((called = true), 'Slice House has great ramen.'));
      const others = mixed.slice(1);
      const result = await summarise({ ...request, noneMatch: true }, others, 1, { llm: model });
      expect(called).toBe(false);
      expect(result).toEqual({
        text: 'No business near Austin offers "ramen". Another place found: Slice House (listed under restaurants, rated 4.0 from 50 reviews, 1.0 km away).',
        source: 'template',
      });
    });
  });

  it('does not call the model when nothing matched', async () => {
    let called = false;
    const model = fakeModel(async () => ((called = true), 'Nothing here.'));
    const result = await summarise({ query: 'tacos', intent: parseIntentByRules('tacos') }, [], 0, { llm: model });
    expect(result.source).toBe('template');
    expect(called).toBe(false);
  });

  it('gives the model only the returned businesses with their grounded facts', async () => {
    let input: Parameters<LanguageModel['summarise']>[0] | undefined;
    await summarise({ query, intent }, ranked, 2, { llm: fakeModel(async (i) => ((input = i), 'Green Leaf Kitchen.')) });
    expect(input?.query).toBe(query);
    expect(input?.businesses.map((b) => b.name)).toEqual(['Green Leaf Kitchen', 'Sunny Bowl']);
    expect(input?.businesses[0]).toEqual(summaryBusiness(ranked[0]));
    expect(input?.businesses[0].facts).toEqual(['matches "vegan"', 'rated 4.0 from 50 reviews', '1.2 km away', 'in Austin, TX', 'tagline: Plants first']);
  });
});

import { parseIntentByRules, type SearchIntent } from '../../../src/domain/search/intent';
import { understandQuery } from '../../../src/services/search/understandQuery';
import type { LanguageModel } from '../../../src/ports/llm';

// A hand-written LanguageModel: the port is ours, so a small fake is the honest test
// double here (the real adapter is exercised against a local server in test/integration).
function fakeModel(extractIntent: LanguageModel['extractIntent']): LanguageModel {
  return { extractIntent, summarise: async () => 'unused' };
}

describe('understandQuery', () => {
  it('uses the rules when no language model is configured', async () => {
    await expect(understandQuery('vegan lunch in Austin')).resolves.toEqual({
      intent: parseIntentByRules('vegan lunch in Austin'),
      source: 'rules',
    });
  });

  it('merges the model\'s intent over the rules', async () => {
    // The model names kinds in words ("restaurant"); merging gives their taxonomy keys.
    const answer: SearchIntent = { terms: ['vegan'], categories: ['restaurant'], serviceTerms: ['bowl'], when: { openNow: true } };
    const result = await understandQuery('vegan lunch in Austin', fakeModel(async () => answer));
    expect(result.source).toBe('llm');
    expect(result.intent).toEqual({
      terms: ['vegan'],
      categories: ['amenity/restaurant'],
      serviceTerms: ['bowl'],
      place: { city: 'Austin', state: 'TX' },
      when: { openNow: true },
    });
  });

  it('falls back to the rules when the model fails', async () => {
    const result = await understandQuery('pizza in Austin', fakeModel(async () => Promise.reject(new Error('500'))));
    expect(result).toEqual({ intent: parseIntentByRules('pizza in Austin'), source: 'rules', fallbackReason: 'error', fallbackDetail: '500' });
  });

  it('falls back to the rules at the budget and aborts the model call', async () => {
    let signal: AbortSignal | undefined;
    const slow = fakeModel((_query, s) => {
      signal = s;
      return new Promise<SearchIntent>(() => undefined);
    });
    const result = await understandQuery('pizza in Austin', slow, 30);
    expect(result).toEqual({ intent: parseIntentByRules('pizza in Austin'), source: 'rules', fallbackReason: 'timeout', fallbackDetail: 'No answer within 30 ms' });
    expect(signal?.aborted).toBe(true);
  });

  it('hands the model the query as typed', async () => {
    const seen: string[] = [];
    await understandQuery('Best TACOS in Austin', fakeModel(async (q) => (seen.push(q), { terms: [], categories: [], serviceTerms: [] })));
    expect(seen).toEqual(['Best TACOS in Austin']);
  });
});

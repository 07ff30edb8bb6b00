import { matchExpression } from '../../../src/adapters/sqlite/search/matchExpression';

describe('matchExpression', () => {
  it('quotes every word, ORs them and makes the last one a prefix', () => {
    expect(matchExpression('leather sofa repair')?.expression).toBe('"leather" OR "sofa" OR "repair"*');
  });

  it('leaves the last word whole when the text is complete', () => {
    expect(matchExpression('vegan restaurants', undefined, true)?.expression).toBe('"vegan" OR "restaurants"');
  });

  it('adds the kinds the caller says the words imply, against the category column only', () => {
    // The phrases come from query understanding (domain/search/categoryWords.ts), not from the words.
    expect(matchExpression('pizza', undefined, true, ['pizza restaurant'])?.expression).toBe('"pizza" OR category : "pizza restaurant"');
    expect(matchExpression('tooth hurts', undefined, true, ['dentist'])?.expression).toBe('"tooth" OR "hurts" OR category : "dentist"');
    expect(matchExpression('pizza')?.expression).toBe('"pizza"*');
  });

  it('adds no category phrase for a one-word kind already searched as a whole word', () => {
    // "cafe" in any column already covers the category column: the extra phrase would only cost an idf scan.
    expect(matchExpression('quiet cafe', undefined, true, ['cafe'])?.expression).toBe('"quiet" OR "cafe"');
    // A prefix is not the same search, so the kind keeps its phrase.
    expect(matchExpression('quiet cafe', undefined, false, ['cafe'])?.expression).toBe('"quiet" OR "cafe"* OR category : "cafe"');
  });

  it('matches the kinds alone when no word is left', () => {
    expect(matchExpression('', undefined, true, ['plumber', 'hvac workplace'])?.expression).toBe('category : "plumber" OR category : "hvac workplace"');
  });

  it('fences the text off the tags column only when a word could be or begin a tag token', () => {
    expect(matchExpression('vegan restaurants')?.fenced).toBe(false);
    expect(matchExpression('xylophone lessons')?.fenced).toBe(false);
    // "xg"* would begin every grid cell token, "xk101" could be a category tag.
    expect(matchExpression('repair xg')?.fenced).toBe(true);
    expect(matchExpression('xk101 repair', undefined, true)?.fenced).toBe(true);
    expect(matchExpression('plumbers xs')?.fenced).toBe(true);
    // The tokenizer drops diacritics, so an accented letter reaches the same tokens.
    expect(matchExpression('repair x\u0301g0n1201e821')?.fenced).toBe(true);
    expect(matchExpression('repair XǴ0n1201e821')?.fenced).toBe(true);
  });

  it('lists each phrase on its own, in the order FTS5 numbers them', () => {
    const match = matchExpression('vegan pizza', undefined, false, ['pizza restaurant'])!;
    expect(match.phrases).toEqual(['"vegan"', '"pizza"*', 'category : "pizza restaurant"']);
    expect(match.expression).toBe(match.phrases.join(' OR '));
  });

  it('is null when nothing searchable is left', () => {
    expect(matchExpression('the of and')).toBeNull();
    expect(matchExpression('"*"')).toBeNull();
  });

  it('leaves out words most documents contain when a rarer word was asked for', () => {
    const isCommon = (word: string) => word === 'best' || word === 'family';
    expect(matchExpression('best family tacos', isCommon, false, ['mexican restaurant'])?.expression).toBe('"tacos"* OR category : "mexican restaurant"');
    expect(matchExpression('best family', isCommon)?.expression).toBe('"best" OR "family"*');
  });

  it('asks about the last word as the prefix it will be searched as', () => {
    const asked: [string, boolean][] = [];
    matchExpression('vegan brunch', (word, prefix) => (asked.push([word, prefix]), false));
    expect(asked).toEqual([['vegan', false], ['brunch', true]]);
  });
});

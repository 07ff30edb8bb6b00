import { matchExpression } from '../../../src/adapters/sqlite/search/matchExpression';
import { impliedCategories } from '../../../src/adapters/sqlite/search/synonyms';

describe('matchExpression', () => {
  it('quotes every word, ORs them and makes the last one a prefix', () => {
    expect(matchExpression('leather sofa repair')?.expression).toBe('"leather" OR "sofa" OR "repair"*');
  });

  it('leaves the last word whole when the text is complete', () => {
    expect(matchExpression('vegan restaurants', undefined, true)?.expression).toBe('"vegan" OR "restaurants"');
  });

  it('adds no category phrase for a one-word category already searched as a whole word', () => {
    // "restaurants" in any column already covers the category column: the extra phrase would only cost an idf scan.
    expect(matchExpression('vegan restaurants', undefined, true)?.expression).not.toContain('category :');
    // A prefix or a multi-word category is not the same search, so it keeps its phrase.
    expect(matchExpression('vegan restaurants')?.expression).toBe('"vegan" OR "restaurants"* OR category : "restaurants"');
    expect(matchExpression('auto repair', undefined, true)?.expression).toBe('"auto" OR "repair" OR category : "auto repair"');
  });

  it('adds the categories a word implies, against the category column only', () => {
    expect(matchExpression('pizza')?.expression).toBe('"pizza"* OR category : "restaurants"');
    expect(matchExpression('dentists open late')?.expression).toBe('"dentists" OR "open" OR "late"* OR category : "dental"');
    expect(matchExpression('water heater install')?.expression).toBe('"water" OR "heater" OR "install"* OR category : "plumbing"');
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
    const match = matchExpression('vegan pizza')!;
    expect(match.phrases).toEqual(['"vegan"', '"pizza"*', 'category : "restaurants"']);
    expect(match.expression).toBe(match.phrases.join(' OR '));
  });

  it('is null when nothing searchable is left', () => {
    expect(matchExpression('the of and')).toBeNull();
    expect(matchExpression('"*"')).toBeNull();
  });

  it('leaves out words most documents contain when a rarer word was asked for', () => {
    const isCommon = (word: string) => word === 'best' || word === 'family';
    expect(matchExpression('best family tacos', isCommon)?.expression).toBe('"tacos"* OR category : "restaurants"');
    expect(matchExpression('best family', isCommon)?.expression).toBe('"best" OR "family"*');
  });

  it('asks about the last word as the prefix it will be searched as', () => {
    const asked: [string, boolean][] = [];
    matchExpression('vegan brunch', (word, prefix) => (asked.push([word, prefix]), false));
    expect(asked).toEqual([['vegan', false], ['brunch', true]]);
  });
});

describe('impliedCategories', () => {
  it('folds plurals before looking a word up', () => {
    expect(impliedCategories(['plumbers'])).toEqual(['plumbing']);
    expect(impliedCategories(['bakeries'])).toEqual(['bakeries']);
    expect(impliedCategories(['tacos'])).toEqual(['restaurants']);
  });

  it('finds phrases of consecutive words and reports each category once', () => {
    expect(impliedCategories(['cheap', 'oil', 'change', 'and', 'brakes'])).toEqual(['auto repair']);
    expect(impliedCategories(['pizza', 'and', 'coffee', 'pizza'])).toEqual(['restaurants', 'cafes']);
  });

  it('implies nothing for words outside the list', () => {
    expect(impliedCategories(['museum', 'tickets'])).toEqual([]);
  });
});

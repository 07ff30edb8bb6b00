import { matchExpression } from '../../../src/adapters/sqlite/search/matchExpression';
import { categoriesImpliedBy } from '../../../src/adapters/sqlite/search/synonyms';

describe('matchExpression', () => {
  it('quotes every word, ORs them and makes the last one a prefix', () => {
    expect(matchExpression('water heater install')).toBe('"water" OR "heater" OR "install"*');
  });

  it('adds the categories a word implies, against the category column only', () => {
    expect(matchExpression('pizza')).toBe('"pizza"* OR category : "restaurants"');
    expect(matchExpression('dentists open late')).toBe('"dentists" OR category : "dental" OR "open" OR "late"*');
  });

  it('is null when nothing searchable is left', () => {
    expect(matchExpression('the of and')).toBeNull();
    expect(matchExpression('"*"')).toBeNull();
  });

  it('leaves out words most documents contain when a rarer word was asked for', () => {
    const isCommon = (word: string) => word === 'best' || word === 'family';
    expect(matchExpression('best family tacos', isCommon)).toBe('"tacos"* OR category : "restaurants"');
    expect(matchExpression('best family', isCommon)).toBe('"best" OR "family"*');
  });

  it('asks about the last word as the prefix it will be searched as', () => {
    const asked: [string, boolean][] = [];
    matchExpression('vegan brunch', (word, prefix) => (asked.push([word, prefix]), false));
    expect(asked).toEqual([['vegan', false], ['brunch', true]]);
  });
});

describe('categoriesImpliedBy', () => {
  it('folds plurals before looking a word up', () => {
    expect(categoriesImpliedBy('plumbers')).toEqual(['plumbing']);
    expect(categoriesImpliedBy('bakeries')).toEqual(['bakeries']);
    expect(categoriesImpliedBy('tacos')).toEqual(['restaurants']);
  });

  it('implies nothing for words outside the list', () => {
    expect(categoriesImpliedBy('museum')).toEqual([]);
  });
});

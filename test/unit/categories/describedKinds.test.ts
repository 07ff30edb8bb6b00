// The kinds a business's own words describe when its label names none (domain/categories/describedKinds.ts).
import { businessKinds, describedKinds } from '../../../src/domain/categories/describedKinds';

describe('describedKinds', () => {
  it('names a kind when two or more of its own phrases describe the work', () => {
    expect(describedKinds(['Burst pipes, clogged toilets and tankless water heaters.'])).toEqual(['craft/plumber']);
    expect(describedKinds(['Panel upgrades and rewiring for older homes.'])).toEqual(['craft/electrician']);
  });

  it('is not swayed by one stray word, nor by words of many kinds', () => {
    expect(describedKinds(['Small repairs, furniture assembly, gutter cleaning and painting touch-ups.'])).toEqual([]);
    expect(describedKinds(['Friendly service for the whole family.'])).toEqual([]);
  });

  it('reads phrase by phrase: a comma ends one', () => {
    // "heater" and "pipe" side by side across a comma make no "water heater" nor a longer phrase.
    expect(describedKinds(['water, heater', 'pipe'])).toEqual([]);
  });

  it("keeps a label's kinds and reads the words only for a label the taxonomy does not know", () => {
    expect(businessKinds(['shop/bakery'], ['Burst pipes and leak detection.'])).toEqual(['shop/bakery']);
    expect(businessKinds([], ['Burst pipes and leak detection.'])).toEqual(['craft/plumber']);
  });
});

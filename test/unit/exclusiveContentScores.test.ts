import { exclusiveText, uniquenessScore, visibilityScore } from '../../src/domain/exclusiveContentScores';
import type { ExclusiveContent } from '../../src/domain/profile';

const specific: ExclusiveContent = {
  insiderTips: 'Ask for the off-menu cortado with oat milk; the baristas pull it on the 1962 La Marzocco behind the counter before 8am.',
  localSecrets: 'The back patio faces Lady Bird Lake and gets shade after 3pm, so the two tables by the mural fill up first on Saturdays.',
  behindTheScenes: 'We roast 40 kg of beans every Tuesday in a 15 kg Probat roaster at our Cesar Chavez Street warehouse.',
  sustainabilityPractices: 'Grounds go to Austin Community Garden compost each Friday, and we give 50 cents back for every returned glass jar.',
};

const fluff: ExclusiveContent = {
  insiderTips: 'We are passionate about quality and offer the best and most amazing experience with world-class service for every customer.',
  localSecrets: 'Our amazing team is dedicated to excellence and delivers a truly unique, unforgettable experience you will absolutely love.',
  behindTheScenes: 'Behind the scenes we work hard with passion and care to bring you premium quality that is simply the best in town.',
  sustainabilityPractices: 'We care deeply about the planet and are committed to being sustainable in everything we do, always with quality.',
};

const tailor =
  'Our tailor shop alters wedding dresses in 5 days; Maria has hemmed gowns on South Congress since 1998 and keeps silk thread in 200 colours.';

describe('visibilityScore', () => {
  it('is 0 for empty content', () => {
    expect(visibilityScore({})).toBe(0);
    expect(visibilityScore({ insiderTips: '', localSecrets: '   ' })).toBe(0);
  });

  it('scores specific content higher than generic fluff of similar length', () => {
    const wordCount = (c: ExclusiveContent) => exclusiveText(c).split(/\s+/).length;
    expect(Math.abs(wordCount(specific) - wordCount(fluff))).toBeLessThan(10);
    expect(visibilityScore(specific)).toBeGreaterThan(visibilityScore(fluff) + 20);
    expect(visibilityScore(specific)).toBeGreaterThan(60);
    expect(visibilityScore(fluff)).toBeLessThan(50);
  });

  it('rewards covering more of the four fields', () => {
    const one = visibilityScore({ insiderTips: specific.insiderTips });
    const two = visibilityScore({ insiderTips: specific.insiderTips, localSecrets: specific.localSecrets });
    expect(one).toBeGreaterThan(0);
    expect(two).toBeGreaterThan(one);
    expect(visibilityScore(specific)).toBeGreaterThan(two);
  });

  it('gives too-short fields little', () => {
    const short = visibilityScore({ insiderTips: 'Great coffee', localSecrets: 'Nice', behindTheScenes: 'Hard work', sustainabilityPractices: 'Recycle' });
    expect(short).toBeLessThan(10);
  });

  it('has diminishing returns on length', () => {
    const sentence = 'On Tuesdays at 7am Rosa bakes 30 loaves of rye in the wood oven on Elm Street. ';
    const s1 = visibilityScore({ insiderTips: sentence });
    const s2 = visibilityScore({ insiderTips: sentence.repeat(2) });
    const s4 = visibilityScore({ insiderTips: sentence.repeat(4) });
    const s8 = visibilityScore({ insiderTips: sentence.repeat(8) });
    expect(s2).toBeGreaterThan(s1);
    expect(s2 - s1).toBeGreaterThan(s8 - s4);
  });

  it('lowers the score when marketing words are added to a specific text', () => {
    const plain = { insiderTips: 'Ask Jorge for the smoked brisket at 11am on Saturdays, before the line reaches Rainey Street.' };
    const hyped = { insiderTips: 'Ask Jorge for the best, amazing, world class brisket at 11am, truly the finest quality experience.' };
    expect(visibilityScore(plain)).toBeGreaterThan(visibilityScore(hyped));
  });

  it('stays an integer within 0..100 and is deterministic', () => {
    const huge = { insiderTips: 'On 3 May 2021 Rosa opened Elm Street Bakery at 6am. '.repeat(500) };
    for (const c of [specific, fluff, huge, {}]) {
      const v = visibilityScore(c);
      expect(Number.isInteger(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(100);
      expect(visibilityScore(c)).toBe(v);
    }
    const allLong = Object.fromEntries(Object.entries(specific).map(([k, v]) => [k, (v as string).repeat(40)]));
    expect(visibilityScore(allLong)).toBeLessThanOrEqual(100);
    expect(visibilityScore(allLong)).toBeGreaterThan(90);
  });
});

describe('uniquenessScore', () => {
  const original = specific.behindTheScenes!;

  it('is 100 when there is nothing to compare with', () => {
    expect(uniquenessScore(original, [])).toBe(100);
    expect(uniquenessScore(original, ['', ''])).toBe(100);
  });

  it('is 0 for an empty text', () => {
    expect(uniquenessScore('', [original])).toBe(0);
  });

  it('scores a copied text low', () => {
    expect(uniquenessScore(original, [tailor, original])).toBeLessThan(20);
  });

  it('scores a lightly edited copy low, regardless of case and punctuation', () => {
    const edited = original.toUpperCase().replace('Tuesday', 'MONDAY').replace(/\./g, '!');
    expect(uniquenessScore(edited, [original])).toBeLessThan(20);
  });

  it('scores an unrelated specific text high', () => {
    expect(uniquenessScore(tailor, Object.values(specific) as string[])).toBeGreaterThan(80);
  });

  it('scores a paraphrase between a copy and an unrelated text', () => {
    const paraphrase = 'Every week, on a Tuesday, about forty kilos of coffee beans get roasted by our crew in the Probat at the warehouse.';
    const score = uniquenessScore(paraphrase, [original]);
    expect(score).toBeGreaterThan(uniquenessScore(original, [original]));
    expect(score).toBeLessThan(uniquenessScore(tailor, [original]));
    expect(score).toBeGreaterThan(20);
    expect(score).toBeLessThan(90);
  });

  it('uses the most similar of the other texts', () => {
    const withCopy = uniquenessScore(original, [tailor, original]);
    const withoutCopy = uniquenessScore(original, [tailor]);
    expect(withCopy).toBeLessThan(withoutCopy);
  });

  it('handles texts shorter than one shingle', () => {
    expect(uniquenessScore('vegan', ['vegan'])).toBe(0);
    expect(uniquenessScore('vegan bakery', ['tyre shop'])).toBe(100);
  });
});

describe('exclusiveText', () => {
  it('joins the non-empty fields in a fixed order', () => {
    expect(exclusiveText({ sustainabilityPractices: 'c', insiderTips: 'a', localSecrets: ' ' })).toBe('a\nc');
  });
});

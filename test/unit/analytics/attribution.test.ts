import { ATTRIBUTION_MODELS, attributeConversions, touchWeights } from '../../../src/domain/analytics/attribution';
import type { ConvertedJourney } from '../../../src/ports/analyticsStore';

describe('touch weights', () => {
  it('multiTouch is 40/20/40 with the middle sharing 20 %, all for one touch, half each for two', () => {
    expect(touchWeights(1, 'multiTouch')).toEqual([1]);
    expect(touchWeights(2, 'multiTouch')).toEqual([0.5, 0.5]);
    expect(touchWeights(3, 'multiTouch')).toEqual([0.4, 0.2, 0.4]);
    expect(touchWeights(4, 'multiTouch')).toEqual([0.4, 0.1, 0.1, 0.4]);
  });

  it('firstTouch, lastTouch and linear', () => {
    expect(touchWeights(3, 'firstTouch')).toEqual([1, 0, 0]);
    expect(touchWeights(3, 'lastTouch')).toEqual([0, 0, 1]);
    expect(touchWeights(4, 'linear')).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(touchWeights(0, 'linear')).toEqual([]);
  });
});

describe('attributing conversions', () => {
  it('groups credit by (type, platform) and counts a journey once per group', () => {
    const journeys: ConvertedJourney[] = [
      { journeyId: 'a', touchpoints: [{ type: 'impression', platform: 'claude' }, { type: 'impression', platform: 'claude' }, { type: 'website_visit', platform: 'claude' }] },
      { journeyId: 'b', touchpoints: [{ type: 'citation', platform: 'gemini' }] },
    ];
    // a: 0.4 + 0.2 to impression/claude, 0.4 to the visit; b: all to citation/gemini.
    expect(attributeConversions(journeys, 'multiTouch')).toEqual({
      conversions: 2,
      touchpoints: [
        { type: 'citation', platform: 'gemini', credit: 1, conversions: 1 },
        { type: 'impression', platform: 'claude', credit: expect.closeTo(0.6, 10), conversions: 1 },
        { type: 'website_visit', platform: 'claude', credit: expect.closeTo(0.4, 10), conversions: 1 },
      ],
    });
  });

  it('hands out exactly one credit per conversion under every model (property over random journeys)', () => {
    // A small deterministic generator (mulberry32): the same 500 cases every run.
    let seed = 20260301;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const types = ['impression', 'citation', 'comparison', 'profile_view', 'website_visit'] as const;
    const platforms = ['chatgpt', 'claude', 'gemini', 'direct'];
    for (let run = 0; run < 500; run += 1) {
      const journeys: ConvertedJourney[] = Array.from({ length: Math.floor(random() * 12) }, (_, j) => ({
        journeyId: `j${j}`,
        touchpoints: Array.from({ length: 1 + Math.floor(random() * 9) }, () => ({
          type: types[Math.floor(random() * types.length)]!,
          platform: platforms[Math.floor(random() * platforms.length)]!,
        })),
      }));
      for (const model of ATTRIBUTION_MODELS) {
        const result = attributeConversions(journeys, model);
        expect(result.conversions).toBe(journeys.length);
        const total = result.touchpoints.reduce((sum, touch) => sum + touch.credit, 0);
        expect(total).toBeCloseTo(journeys.length, 9);
        for (const touch of result.touchpoints) {
          expect(touch.credit).toBeGreaterThan(0);
          expect(touch.conversions).toBeLessThanOrEqual(journeys.length);
          expect(touch.credit).toBeLessThanOrEqual(touch.conversions + 1e-9);
        }
      }
    }
  });
});

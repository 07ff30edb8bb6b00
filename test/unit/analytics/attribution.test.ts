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
      { journeyId: 'a', touchpoints: [{ type: 'impression', platform: 'claude' }, { type: 'impression', platform: 'claude' }, { type: 'website_visit', platform: 'claude' }], revenue: [] },
      { journeyId: 'b', touchpoints: [{ type: 'citation', platform: 'gemini' }], revenue: [] },
    ];
    // a: 0.4 + 0.2 to impression/claude, 0.4 to the visit; b: all to citation/gemini.
    expect(attributeConversions(journeys, 'multiTouch')).toEqual({
      conversions: 2,
      revenue: [],
      touchpoints: [
        { type: 'citation', platform: 'gemini', credit: 1, conversions: 1, revenue: [] },
        { type: 'impression', platform: 'claude', credit: expect.closeTo(0.6, 10), conversions: 1, revenue: [] },
        { type: 'website_visit', platform: 'claude', credit: expect.closeTo(0.4, 10), conversions: 1, revenue: [] },
      ],
    });
  });

  it('shares each journey\'s revenue by the model\'s weights, per currency, never adding currencies', () => {
    const journeys: ConvertedJourney[] = [
      // A paid deposit of 10 EUR after a ChatGPT impression, a citation and a visit.
      { journeyId: 'paid', touchpoints: [{ type: 'impression', platform: 'chatgpt' }, { type: 'citation', platform: 'chatgpt' }, { type: 'website_visit', platform: 'direct' }], revenue: [{ currency: 'EUR', amount: 10 }] },
      // 45 USD after a Claude impression.
      { journeyId: 'usd', touchpoints: [{ type: 'impression', platform: 'claude' }], revenue: [{ currency: 'USD', amount: 45 }] },
      // Converted without a value.
      { journeyId: 'free', touchpoints: [{ type: 'impression', platform: 'chatgpt' }], revenue: [] },
    ];
    // multiTouch: paid gives 4 / 2 / 4 EUR; usd all 45 USD to claude's impression; free nothing (most credit first:
    // chatgpt's impression 0.4 + 1, claude's 1, the visit 0.4, the citation 0.2).
    const multi = attributeConversions(journeys, 'multiTouch');
    expect(multi.revenue).toEqual([{ currency: 'EUR', amount: 10 }, { currency: 'USD', amount: 45 }]);
    expect(multi.touchpoints.map((touch) => [touch.type, touch.platform, touch.revenue])).toEqual([
      ['impression', 'chatgpt', [{ currency: 'EUR', amount: 4 }]],
      ['impression', 'claude', [{ currency: 'USD', amount: 45 }]],
      ['website_visit', 'direct', [{ currency: 'EUR', amount: 4 }]],
      ['citation', 'chatgpt', [{ currency: 'EUR', amount: 2 }]],
    ]);
    // lastTouch: the visit takes the whole deposit; linear: 3.33 each.
    expect(attributeConversions(journeys, 'lastTouch').touchpoints.find((touch) => touch.type === 'website_visit')!.revenue).toEqual([{ currency: 'EUR', amount: 10 }]);
    expect(attributeConversions(journeys, 'linear').touchpoints.find((touch) => touch.type === 'citation')!.revenue).toEqual([{ currency: 'EUR', amount: 3.33 }]);
    expect(attributeConversions(journeys, 'firstTouch').touchpoints.find((touch) => touch.type === 'citation')).toBeUndefined();
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
        revenue: [{ currency: 'EUR', amount: 1 + Math.floor(random() * 100) }],
      }));
      for (const model of ATTRIBUTION_MODELS) {
        const result = attributeConversions(journeys, model);
        expect(result.conversions).toBe(journeys.length);
        const total = result.touchpoints.reduce((sum, touch) => sum + touch.credit, 0);
        expect(total).toBeCloseTo(journeys.length, 9);
        // The touchpoints' revenue sums to the journeys' (each share rounded to the cent).
        const paid = journeys.reduce((sum, journey) => sum + journey.revenue[0].amount, 0);
        const shared = result.touchpoints.reduce((sum, touch) => sum + (touch.revenue[0]?.amount ?? 0), 0);
        expect(Math.abs(shared - paid)).toBeLessThanOrEqual(0.005 * result.touchpoints.length + 1e-9);
        for (const touch of result.touchpoints) {
          expect(touch.credit).toBeGreaterThan(0);
          expect(touch.conversions).toBeLessThanOrEqual(journeys.length);
          expect(touch.credit).toBeLessThanOrEqual(touch.conversions + 1e-9);
        }
      }
    }
  });
});

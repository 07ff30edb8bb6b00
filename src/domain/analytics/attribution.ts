// How a conversion's credit is shared among the touchpoints before it (spec 4.4):
// firstTouch and lastTouch give it all to one, linear shares it equally, multiTouch is
// position-based 40/20/40 (first and last 40 % each, the middle ones share 20 %; a single touch
// takes all, two take half each). Every model hands out exactly one credit per conversion, so
// the credits of an answer always sum to its `conversions`. A journey's revenue (what its
// conversions carried) is shared by the same weights, so per currency the touchpoints' revenue
// sums to the answer's.
import type { ConvertedJourney, TouchpointType } from './analyticsFacts';
import { addRevenue, type Revenue, revenueList, type RevenueTotals } from './revenue';

export const ATTRIBUTION_MODELS = ['firstTouch', 'lastTouch', 'linear', 'multiTouch'] as const;
export type AttributionModel = (typeof ATTRIBUTION_MODELS)[number];

/** The share of one conversion each of `count` touchpoints (in time order) receives. */
export function touchWeights(count: number, model: AttributionModel): number[] {
  if (count <= 0) return [];
  if (count === 1) return [1];
  const weights = new Array<number>(count).fill(0);
  switch (model) {
    case 'firstTouch':
      weights[0] = 1;
      return weights;
    case 'lastTouch':
      weights[count - 1] = 1;
      return weights;
    case 'linear':
      return weights.fill(1 / count);
    case 'multiTouch':
      if (count === 2) return [0.5, 0.5];
      weights.fill(0.2 / (count - 2));
      weights[0] = 0.4;
      weights[count - 1] = 0.4;
      return weights;
  }
}

export interface TouchpointCredit {
  type: TouchpointType;
  platform: string;
  /** Sum of the shares of conversions this (type, platform) received. */
  credit: number;
  /** Converted journeys in which it received a share. */
  conversions: number;
  /** Its shares of those journeys' revenue, per currency. */
  revenue: Revenue[];
}

export interface AttributionResult {
  conversions: number;
  /** What the credited journeys' conversions carried, per currency. */
  revenue: Revenue[];
  touchpoints: TouchpointCredit[];
}

/** Credits every converted journey under `model`; touchpoints ordered by credit, then type and platform. */
export function attributeConversions(journeys: readonly ConvertedJourney[], model: AttributionModel): AttributionResult {
  const groups = new Map<string, Omit<TouchpointCredit, 'revenue'> & { totals: RevenueTotals; lastJourney: number }>();
  const revenue: RevenueTotals = new Map();
  let conversions = 0;
  journeys.forEach((journey, journeyIndex) => {
    const weights = touchWeights(journey.touchpoints.length, model);
    if (weights.length === 0) return;
    conversions += 1;
    for (const value of journey.revenue) addRevenue(revenue, value.currency, value.amount);
    journey.touchpoints.forEach((touch, index) => {
      if (weights[index] === 0) return;
      const key = `${touch.type}\u0000${touch.platform}`;
      let group = groups.get(key);
      if (!group) groups.set(key, (group = { type: touch.type, platform: touch.platform, credit: 0, conversions: 0, totals: new Map(), lastJourney: -1 }));
      group.credit += weights[index];
      for (const value of journey.revenue) addRevenue(group.totals, value.currency, value.amount * weights[index]);
      // A journey that touched the same (type, platform) twice is still one conversion for it.
      if (group.lastJourney !== journeyIndex) {
        group.conversions += 1;
        group.lastJourney = journeyIndex;
      }
    });
  });
  const touchpoints = [...groups.values()]
    .map(({ type, platform, credit, conversions: count, totals }) => ({ type, platform, credit, conversions: count, revenue: revenueList(totals) }))
    .sort((a, b) => b.credit - a.credit || a.type.localeCompare(b.type) || a.platform.localeCompare(b.platform));
  return { conversions, revenue: revenueList(revenue), touchpoints };
}

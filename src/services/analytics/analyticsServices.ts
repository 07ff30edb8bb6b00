// Builds the four analytics question services from their dependencies (one place, for app.ts).
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { SearchIndex } from '../../ports/searchIndex';
import type { Store } from '../../ports/store';
import { createAnalyticsAccess } from './analyticsAccess';
import { createAttribution } from './attribution';
import { createBenchmarks } from './benchmarks';
import { createIntentJourneys } from './intentJourneys';
import { createUpstreamMetrics } from './upstreamMetrics';

/** The four analytics questions (spec 4.4), each checking the caller may read the business. */
export interface AnalyticsQuestionServices {
  upstreamMetrics: ReturnType<typeof createUpstreamMetrics>;
  intentJourneys: ReturnType<typeof createIntentJourneys>;
  attribution: ReturnType<typeof createAttribution>;
  benchmarks: ReturnType<typeof createBenchmarks>;
}

export function createAnalyticsServices(deps: { store: Pick<Store, 'profiles'>; analytics: AnalyticsQuestions; searchIndex: Pick<SearchIndex, 'search'> }): AnalyticsQuestionServices {
  const access = createAnalyticsAccess({ store: deps.store });
  return {
    upstreamMetrics: createUpstreamMetrics({ access, analytics: deps.analytics }),
    intentJourneys: createIntentJourneys({ access, analytics: deps.analytics }),
    attribution: createAttribution({ access, analytics: deps.analytics }),
    benchmarks: createBenchmarks({ access, analytics: deps.analytics, searchIndex: deps.searchIndex }),
  };
}

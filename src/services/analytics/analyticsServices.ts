// Builds the four analytics question services from their dependencies (one place, for app.ts).
import type { AnalyticsQuestions } from '../../ports/analyticsStore';
import type { SearchIndex } from '../../ports/searchIndex';
import type { Store } from '../../ports/store';
import type { AnalyticsQuestionServices } from '../../routes/analytics';
import { createAnalyticsAccess } from './analyticsAccess';
import { createAttribution } from './attribution';
import { createBenchmarks } from './benchmarks';
import { createIntentJourneys } from './intentJourneys';
import { createUpstreamMetrics } from './upstreamMetrics';

export function createAnalyticsServices(deps: { store: Pick<Store, 'profiles'>; analytics: AnalyticsQuestions; searchIndex: Pick<SearchIndex, 'search'> }): AnalyticsQuestionServices {
  const access = createAnalyticsAccess({ store: deps.store });
  return {
    upstreamMetrics: createUpstreamMetrics({ access, analytics: deps.analytics }),
    intentJourneys: createIntentJourneys({ access, analytics: deps.analytics }),
    attribution: createAttribution({ access, analytics: deps.analytics }),
    benchmarks: createBenchmarks({ access, analytics: deps.analytics, searchIndex: deps.searchIndex }),
  };
}

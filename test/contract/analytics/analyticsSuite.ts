import type { AnalyticsStore } from '../../../src/ports/analyticsStore';

export interface AnalyticsSuite {
  /** The fresh, empty store of the running test. */
  store(): AnalyticsStore;
}

// The contract every AnalyticsStore adapter passes (embedded SQLite and Elasticsearch 8), written
// only against the port: each adapter's test file calls analyticsStoreContract once with a factory
// for a fresh, empty store. Expected numbers are worked out by hand in each case.
import type { AnalyticsStore } from '../../src/ports/analyticsStore';
import { appendContract } from './analytics/append.contract';
import type { AnalyticsSuite } from './analytics/analyticsSuite';
import { questionsContract } from './analytics/questions.contract';

export function analyticsStoreContract(name: string, createStore: () => Promise<AnalyticsStore>): void {
  describe(`AnalyticsStore contract: ${name}`, () => {
    let current: AnalyticsStore | undefined;
    const suite: AnalyticsSuite = {
      store: () => {
        if (!current) throw new Error('store used outside a test');
        return current;
      },
    };
    beforeEach(async () => {
      current = await createStore();
    });
    afterEach(async () => {
      await current?.close();
      current = undefined;
    });

    appendContract(suite);
    questionsContract(suite);
  });
}

// The hand-judged relevance set on one index (relevanceRun.ts): every adapter's test file calls
// this once. The floors are what the suite meets today on both engines, a little below the measured
// figures (docs/benchmarks.md); `npm run bench:relevance` prints them per engine.
import type { SearchIndex } from '../../src/ports/searchIndex';
import { loadRelevanceCorpus, runRelevance, summariseRelevance, type QueryOutcome } from './relevanceRun';

export function relevanceContract(name: string, create: () => Promise<SearchIndex>, dispose: (index: SearchIndex) => Promise<void> = (index) => index.close()): void {
  describe(`relevance set: ${name}`, () => {
    let index: SearchIndex;
    let outcomes: QueryOutcome[];
    beforeAll(async () => {
      index = await create();
      await loadRelevanceCorpus(index);
      outcomes = await runRelevance(index);
    }, 120_000);
    afterAll(() => dispose(index));

    it('ranks what was asked for first (NDCG@10 and precision@1 floors)', () => {
      const summary = summariseRelevance(outcomes);
      expect(summary.queries).toBeGreaterThanOrEqual(80);
      expect(summary.ndcgAt10).toBeGreaterThanOrEqual(0.9);
      expect(summary.precisionAt1).toBeGreaterThanOrEqual(0.93);
      expect(summary.recallAt10).toBeGreaterThanOrEqual(0.9);
    });

    it('answers nothing only where the judges say none, or nearly', () => {
      const summary = summariseRelevance(outcomes);
      expect(summary.honestNone).toBe(summary.noneQueries);
      expect(summary.zeroResultRate).toBeLessThanOrEqual(0.05);
    });

    it('finds a business however its owner named the kind', () => {
      const answered = (qid: string) => outcomes.find((outcome) => outcome.qid === qid)?.answered ?? [];
      // "dental clinic" and "Dentist" labels for "dental clinic in Denver"; "Veterinarians" and "Animal Hospital" for "veterinarian".
      expect([...answered('q02')].sort()).toEqual(['den-dent-1', 'den-dent-2']);
      expect([...answered('q06')].sort()).toEqual(['aus-vet-1', 'aus-vet-2']);
      // No plumber in Chicago: the "home-services" business that fixes leaks answers instead.
      expect(answered('q12')).toEqual(['chi-home-1']);
    });
  });
}

// The short fault run in CI (scripts/fleet/faultRun.ts; `npm run fleet:faults` is the long one):
// each fault held for 5 s with 5 s of load between. What must hold is checked here; the figures
// (error counts, recovery times) are printed for the log and reported in docs/benchmarks.md.
import { runFaults } from '../../../scripts/fleet/faultRun';
import { renderFaultReport } from '../../../scripts/fleet/faultReport';
import type { FleetContext } from '../fleetContext';

export function faultsUnderLoad(context: FleetContext): void {
  describe('faults under load', () => {
    it('an API instance, a webhook worker and the indexer killed, Redis and Elasticsearch restarted: nothing acknowledged is lost', async () => {
      const report = await runFaults(context.fleet, { holdSeconds: 5, settleSeconds: 5 });
      console.log(`fault run (short, CI)\n${renderFaultReport(report)}`);
      expect(report.phases.map((phase) => phase.name)).toEqual([
        'baseline (no fault)',
        'SIGKILL api-2',
        'SIGKILL webhooks-1',
        'SIGKILL indexer',
        'restart Redis',
        'restart Elasticsearch',
      ]);
      expect(report.writes.acknowledged).toBeGreaterThan(0);
      expect(report.writes.lost).toEqual([]);
      expect(report.bookings.acknowledged).toBeGreaterThan(0);
      expect(report.bookings.oversold).toEqual([]);
      expect(report.bookings.missing).toEqual([]);
      expect(report.webhooks.missing).toEqual([]);
      expect(report.webhooks.repeatsDiffering).toBe(0);
      expect(report.failedAnswers).toEqual([]);
    }, 600_000);
  });
}

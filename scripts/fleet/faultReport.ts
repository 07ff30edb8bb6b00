// The fault run's report as Markdown, the form docs/benchmarks.md quotes.
import type { FaultReport } from './faultRun';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export function renderFaultReport(report: FaultReport): string {
  const rows = report.phases.map((phase) => {
    const retryable = Object.entries(phase.retryable).map(([status, count]) => `${count} × ${status}`).join(', ') || 'none';
    const spread = ({ p50, max }: { p50: number; max: number }) => `${seconds(p50)} / ${seconds(max)}`;
    return `| ${phase.name} | ${seconds(phase.downMs)} | ${seconds(phase.recoveryMs)} | ${phase.answers} | ${retryable} | ${phase.failed} | ${seconds(phase.errorWindowMs)} | ${spread(phase.webhookDelayMs)} | ${spread(phase.indexLagMs)} |`;
  });
  const { writes, bookings, webhooks } = report;
  return [
    '| phase | down (s) | recovery (s) | answers | retryable answers | other errors | clients saw errors for (s) | webhook delay p50 / max (s) | index lag p50 / max (s) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `- writes acknowledged: ${writes.acknowledged}, lost: ${writes.lost.length}${writes.lost.length ? ` (${writes.lost.join('; ')})` : ''}`,
    `- bookings acknowledged: ${bookings.acknowledged} over ${bookings.slotsUsed} slots of ${bookings.capacity} places; oversold slots: ${bookings.oversold.length}; acknowledged but not stored: ${bookings.missing.length}`,
    `- webhooks received: ${webhooks.received} (${webhooks.distinctIds} distinct webhook-ids, ${webhooks.repeatedIds} delivered more than once, ${webhooks.repeatsDiffering} repeats with a different body); acknowledged changes never delivered: ${webhooks.missing.length}`,
    `- index equal to the store ${seconds(report.index.convergedAfterMs)} s after the load stopped`,
    `- answers that were not retryable: ${report.failedAnswers.length}${report.failedAnswers.length ? ` (${report.failedAnswers.slice(0, 5).map((a) => `${a.kind} ${a.status} ${a.code ?? ''}`).join('; ')})` : ''}`,
  ].join('\n');
}

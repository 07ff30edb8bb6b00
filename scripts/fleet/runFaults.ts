// `npm run fleet:faults`: the long fault run on a fleet of its own (the CI suite runs a short one):
// each fault held FAULT_HOLD_SECONDS (default 30) with FAULT_SETTLE_SECONDS (default 60) of load
// between. Prints the report (Markdown) for docs/benchmarks.md, with the machine's load beside it;
// exits 1 when an invariant broke.
import { loadavg } from 'node:os';
import { startFleet } from './fleet';
import { runFaults } from './faultRun';
import { renderFaultReport } from './faultReport';

function seconds(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 3600) throw new Error(`${name} must be a whole number of seconds from 1 to 3600 (got "${raw}")`);
  return value;
}

async function main(): Promise<void> {
  const holdSeconds = seconds('FAULT_HOLD_SECONDS', 30);
  const settleSeconds = seconds('FAULT_SETTLE_SECONDS', 60);
  const fleet = await startFleet({ env: { LOG_LEVEL: 'warn', WEBHOOK_TIMEOUT_SECONDS: '5', WEBHOOK_LEASE_SECONDS: '10' }, onProgress: (line) => console.error(`fleet: ${line}`) });
  try {
    const before = loadavg()[0];
    const report = await runFaults(fleet, { holdSeconds, settleSeconds, onProgress: (line) => console.error(`faults: ${line}`) });
    console.log(`Fault run: hold ${holdSeconds} s, settle ${settleSeconds} s; load average ${before.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`);
    console.log(renderFaultReport(report));
    const broken = report.writes.lost.length + report.bookings.oversold.length + report.bookings.missing.length + report.webhooks.missing.length + report.webhooks.repeatsDiffering + report.failedAnswers.length;
    process.exitCode = broken > 0 ? 1 : 0;
  } finally {
    await fleet.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`fault run failed: ${(error as Error).stack ?? error}`);
  process.exit(1);
});

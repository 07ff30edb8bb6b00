// Each stage of the search benchmark beside its target (the targets set for a million
// businesses on this 2-core machine): generate, import, build, raw, API, 10 connections. Targets
// at 1 M are printed as they are; a time target of a smaller run is also shown scaled to its size
// (linearly, the loose reading: every stage grows at least that fast).

export interface StageFigures {
  count: number;
  generateMs: number;
  importMs: number;
  importRows: number;
  /** CPU per imported row, microseconds (this process and its import threads); not a number when
   *  the data directory was kept from a run that did not measure it. */
  importCpuUsPerRow: number;
  buildMs: number;
  /** The build's peak RSS (MiB), when the run measured it (not in a data directory kept before it was). */
  buildPeakRssMiB?: number;
  /** Raw index latency per scenario (ms). */
  raw: Partial<Record<string, { p50: number; p99: number }>>;
  /** API at one connection (ms). */
  api: Partial<Record<string, { p50: number; p99: number }>>;
  /** API at N connections. */
  load: Partial<Record<string, { connections: number; requestsPerSecond: number; p99: number }>>;
}

const MILLION = 1_000_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mark = (met: boolean) => (met ? 'MET   ' : 'MISSED');

function timeTarget(name: string, ms: number, targetSecondsAtMillion: number, count: number): string {
  const scaled = (targetSecondsAtMillion * count) / MILLION;
  const target = count === MILLION ? `<= ${targetSecondsAtMillion} s` : `<= ${targetSecondsAtMillion} s at 1 M (${scaled.toFixed(1)} s scaled to ${count.toLocaleString('en-US')})`;
  return `  ${mark(ms / 1000 <= scaled)}  ${name.padEnd(14)} ${seconds(ms).padStart(9)}   target ${target}`;
}

export function stageLines(figures: StageFigures): string[] {
  const rate = figures.importRows / (figures.importMs / 1000);
  const lines = [
    `Stages beside their targets (set for 1 M businesses; this run: ${figures.count.toLocaleString('en-US')}):`,
    `          generate       ${seconds(figures.generateMs).padStart(9)}   (writing the import file; no target)`,
    `  ${mark(rate >= 20_000)}  import         ${seconds(figures.importMs).padStart(9)}   ${Math.round(rate).toLocaleString('en-US')} rows/s, ${Number.isFinite(figures.importCpuUsPerRow) ? `${Math.round(figures.importCpuUsPerRow)} us CPU a row` : 'CPU a row not measured'}; target >= 20,000 rows/s (1 M in <= 50 s)`,
    timeTarget('index build', figures.buildMs, 120, figures.count) + (figures.buildPeakRssMiB !== undefined ? `; peak RSS ${figures.buildPeakRssMiB} MiB` : ''),
  ];
  const raw = figures.raw;
  if (raw.consumer) lines.push(`  ${mark(raw.consumer.p99 <= 20)}  raw consumer   p99 ${raw.consumer.p99.toFixed(1)} ms   target <= 20 ms`);
  if (raw.partner) lines.push(`  ${mark(raw.partner.p99 <= 20)}  raw partner    p99 ${raw.partner.p99.toFixed(1)} ms   target <= 20 ms`);
  if (raw.directory) lines.push(`  ${mark(raw.directory.p50 <= 2 && raw.directory.p99 <= 20)}  raw directory  p50 ${raw.directory.p50.toFixed(1)} / p99 ${raw.directory.p99.toFixed(1)} ms   target <= 2 / <= 20 ms`);
  if (figures.api.consumer) lines.push(`  ${mark(figures.api.consumer.p99 <= 25)}  API consumer   p99 ${figures.api.consumer.p99.toFixed(1)} ms at 1 connection   target <= 25 ms`);
  const load = figures.load.consumer;
  if (load) {
    lines.push(`  ${mark(load.requestsPerSecond >= 400 && load.p99 <= 100)}  ${`${load.connections} connections`.padEnd(14)} consumer ${Math.round(load.requestsPerSecond)} req/s, p99 ${load.p99.toFixed(1)} ms   target >= 400 req/s, p99 <= 100 ms`);
  }
  return lines;
}

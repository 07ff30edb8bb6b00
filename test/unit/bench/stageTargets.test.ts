import { stageLines, type StageFigures } from '../../../scripts/bench/stageTargets';

const atMillion: StageFigures = {
  count: 1_000_000,
  generateMs: 90_000,
  // 1 000 000 rows in 40 s: 25 000 rows/s.
  importMs: 40_000,
  importRows: 1_000_000,
  importCpuUsPerRow: 71.6,
  buildMs: 130_000,
  raw: { consumer: { p50: 3, p99: 19.9 }, partner: { p50: 2, p99: 20.1 }, directory: { p50: 2, p99: 20 } },
  api: { consumer: { p50: 8, p99: 25 } },
  load: { consumer: { connections: 10, requestsPerSecond: 400, p99: 100.4 } },
};

/** The line whose stage (after its MET or MISSED mark) is the one named. */
const lineOf = (lines: string[], stage: string) => lines.find((line) => line.replace(/^ *(MET|MISSED)? +/, '').startsWith(stage)) ?? '';

describe('stage lines of the search benchmark', () => {
  it('marks each stage at a million against its target, the bounds themselves counting as met', () => {
    const lines = stageLines(atMillion);
    expect(lineOf(lines, 'import')).toMatch(/^ {2}MET +import +40\.0 s +25,000 rows\/s, 72 us CPU a row;/);
    expect(lineOf(lines, 'index build')).toMatch(/^ {2}MISSED +index build +130\.0 s +target <= 120 s$/);
    expect(lineOf(lines, 'raw consumer')).toContain('MET');
    expect(lineOf(lines, 'raw partner')).toContain('MISSED');
    expect(lineOf(lines, 'raw directory')).toContain('MET');
    expect(lineOf(lines, 'API consumer')).toContain('MET');
    // 400 req/s is enough, but a p99 of 100.4 ms is over the 100 ms bound.
    expect(lineOf(lines, '10 connections')).toContain('MISSED');
    expect(lineOf(lines, 'generate')).toContain('no target');
  });

  it('misses the import below 20 000 rows/s and scales a smaller run\'s time targets to its size', () => {
    // 100 000 rows in 5.1 s: 19 608 rows/s. The build's 120 s at a million is 12 s at 100 000.
    const lines = stageLines({ ...atMillion, count: 100_000, importRows: 100_000, importMs: 5_100, buildMs: 11_900, raw: {}, api: {}, load: {} });
    expect(lineOf(lines, 'import')).toMatch(/^ {2}MISSED +import +5\.1 s +19,608 rows\/s/);
    expect(lineOf(lines, 'index build')).toMatch(/^ {2}MET +index build +11\.9 s +target <= 120 s at 1 M \(12\.0 s scaled to 100,000\)$/);
    // Scenarios that did not run print no line.
    expect(lines.filter((line) => line.includes('raw') || line.includes('connections'))).toEqual([]);
  });

  it('says the CPU a row was not measured when the kept data directory did not record it', () => {
    const lines = stageLines({ ...atMillion, importCpuUsPerRow: Number.NaN });
    expect(lineOf(lines, 'import')).toMatch(/25,000 rows\/s, CPU a row not measured;/);
  });
});

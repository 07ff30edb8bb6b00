// Percentiles of a set of latency samples (milliseconds), nearest-rank.

export interface LatencySummary {
  count: number;
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summariseLatencies(samples: number[]): LatencySummary {
  if (samples.length === 0) return { count: 0, mean: 0, p50: 0, p95: 0, p99: 0, max: 0 };
  const sorted = Float64Array.from(samples).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  const round = (ms: number) => Math.round(ms * 1000) / 1000;
  return {
    count: sorted.length,
    mean: round(sorted.reduce((sum, x) => sum + x, 0) / sorted.length),
    p50: round(at(50)),
    p95: round(at(95)),
    p99: round(at(99)),
    max: round(sorted[sorted.length - 1]),
  };
}

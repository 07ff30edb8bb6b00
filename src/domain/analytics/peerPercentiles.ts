// Benchmarks against peers: p25/p50/p75 of the peers' values (linear interpolation between the
// closest ranks, as numpy's default) and where the business stands among them (percentile rank:
// the share of peers below it, ties counted half, 0-100). Fewer than MIN_PEERS peers give no
// percentiles at all, so no single competitor's numbers can be read off an answer.
export const MIN_PEERS = 5;

export interface PeerPercentiles {
  p25: number;
  p50: number;
  p75: number;
  yourPercentile: number;
}

export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below] + (sorted[above] - sorted[below]) * (position - below);
}

export function percentileRank(values: readonly number[], yours: number): number {
  if (values.length === 0) return 0;
  const below = values.filter((value) => value < yours).length;
  const equal = values.filter((value) => value === yours).length;
  return Math.round((100 * (below + equal / 2)) / values.length);
}

/** null when there are fewer than MIN_PEERS peers. */
export function peerPercentiles(values: readonly number[], yours: number, decimals = 4): PeerPercentiles | null {
  if (values.length < MIN_PEERS) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
  return {
    p25: round(quantile(sorted, 0.25)),
    p50: round(quantile(sorted, 0.5)),
    p75: round(quantile(sorted, 0.75)),
    yourPercentile: percentileRank(values, yours),
  };
}

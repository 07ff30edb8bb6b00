import { peerPercentiles, percentileRank, quantile } from '../../../src/domain/analytics/peerPercentiles';

it('interpolates quartiles between the closest ranks', () => {
  expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
  expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  expect(quantile([10, 20, 30, 40, 50], 0.75)).toBe(40);
});

it('ranks a value among peers with ties counted half', () => {
  expect(percentileRank([1, 2, 3, 4], 5)).toBe(100);
  expect(percentileRank([1, 2, 3, 4], 0)).toBe(0);
  expect(percentileRank([1, 2, 2, 4], 2)).toBe(50); // one below, two equal: (1 + 1) / 4
});

it('withholds percentiles below five peers', () => {
  expect(peerPercentiles([1, 2, 3, 4], 2)).toBeNull();
  expect(peerPercentiles([5, 1, 4, 2, 3], 3)).toEqual({ p25: 2, p50: 3, p75: 4, yourPercentile: 50 });
});

import { bucketSeries, bucketStart, daysBetween } from '../../../src/domain/analytics/timeBuckets';

it('names ISO weeks by their Monday and months by their 1st', () => {
  expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday belongs to the week before
  expect(bucketStart('2026-03-02', 'week')).toBe('2026-03-02'); // a Monday starts one
  expect(bucketStart('2027-01-01', 'week')).toBe('2026-12-28'); // across the year
  expect(bucketStart('2024-02-29', 'month')).toBe('2024-02-01');
});

it('lays out every bucket of the period with zeros, and sums days into them', () => {
  const series = bucketSeries(
    [
      { date: '2026-12-30', impressions: 2, citations: 1 },
      { date: '2027-01-02', impressions: 3, citations: 0 },
      { date: '2027-01-05', impressions: 1, citations: 1 },
    ],
    '2026-12-30',
    '2027-01-12',
    'week',
  );
  expect(series).toEqual([
    { date: '2026-12-28', impressions: 5, citations: 1 },
    { date: '2027-01-04', impressions: 1, citations: 1 },
    { date: '2027-01-11', impressions: 0, citations: 0 },
  ]);
  expect(bucketSeries([], '2026-11-30', '2027-01-01', 'month').map((point) => point.date)).toEqual(['2026-11-01', '2026-12-01', '2027-01-01']);
});

it('counts days inclusively', () => {
  expect(daysBetween('2026-03-01', '2026-03-01')).toBe(1);
  expect(daysBetween('2024-01-01', '2024-12-31')).toBe(366);
});

import { periodParts } from '../../../src/domain/analytics/periodParts';

it('reads a calendar month as one month', () => {
  expect(periodParts('2026-03-01', '2026-03-31')).toEqual({ months: { from: '2026-03', to: '2026-03' }, days: [] });
});

it('reads a year ending on a month end as twelve months and the first odd day', () => {
  expect(periodParts('2025-03-31', '2026-03-31')).toEqual({ months: { from: '2025-04', to: '2026-03' }, days: [{ from: '2025-03-31', to: '2025-03-31' }] });
});

it('keeps the days at both ends outside the whole months', () => {
  expect(periodParts('2026-02-15', '2026-04-10')).toEqual({
    months: { from: '2026-03', to: '2026-03' },
    days: [{ from: '2026-02-15', to: '2026-02-28' }, { from: '2026-04-01', to: '2026-04-10' }],
  });
});

it('reads days only when no whole month fits', () => {
  expect(periodParts('2026-03-03', '2026-03-04')).toEqual({ months: null, days: [{ from: '2026-03-03', to: '2026-03-04' }] });
  expect(periodParts('2026-03-15', '2026-04-14')).toEqual({ months: null, days: [{ from: '2026-03-15', to: '2026-04-14' }] });
  expect(periodParts('2026-03-01', '2026-03-30')).toEqual({ months: null, days: [{ from: '2026-03-01', to: '2026-03-30' }] });
});

it('knows leap Februaries', () => {
  expect(periodParts('2024-02-01', '2024-02-29')).toEqual({ months: { from: '2024-02', to: '2024-02' }, days: [] });
  expect(periodParts('2024-02-01', '2024-02-28')).toEqual({ months: null, days: [{ from: '2024-02-01', to: '2024-02-28' }] });
});

import { journeyFactChanges, withJourneyDays, type JourneyDayPresence } from '../../../src/domain/analytics/peerJourneyFacts';

const day = (d: string, conversion = false, owner = ''): JourneyDayPresence => ({ day: `2026-03-${d}`, owner, conversionOwner: conversion ? owner : null });
const sortFacts = (facts: ReturnType<typeof journeyFactChanges>) =>
  facts.map((f) => `${f.kind}${f.conversion ? '/conversion' : ''} ${f.earlier ? `${f.earlier.slice(8)}-` : ''}${f.day.slice(8)}${f.owner ? ` @${f.owner}` : ''} ${f.change > 0 ? '+' : ''}${f.change}`).sort();

it('counts a new journey of one day as one day fact', () => {
  expect(sortFacts(journeyFactChanges([], [day('02')]))).toEqual(['day 02 +1']);
});

it('links a journey\'s consecutive days, and a day inserted between two re-links them', () => {
  expect(sortFacts(journeyFactChanges([], [day('02'), day('05')]))).toEqual(['day 02 +1', 'day 05 +1', 'link 02-05 +1']);
  expect(sortFacts(journeyFactChanges([day('02'), day('05')], [day('02'), day('03'), day('05')]))).toEqual([
    'day 03 +1', 'link 02-03 +1', 'link 02-05 -1', 'link 03-05 +1',
  ]);
});

it('keeps conversion days and their links apart from event days', () => {
  expect(sortFacts(journeyFactChanges([day('02')], [day('02', true), day('04', true)]))).toEqual([
    'day 04 +1', 'day/conversion 02 +1', 'day/conversion 04 +1', 'link 02-04 +1', 'link/conversion 02-04 +1',
  ]);
});

it('changes nothing when a batch adds events to days already counted', () => {
  expect(journeyFactChanges([day('02'), day('03')], withJourneyDays([day('02'), day('03')], [day('03')]))).toEqual([]);
});

it('moves a day to the owner of its latest events; a link stays with its earlier day', () => {
  // A local 03-31 whose last event falls in April UTC (a zone west of Greenwich).
  const before = [day('30', false, '2026.03'), day('31', false, '2026.03')];
  const after = withJourneyDays(before, [day('31', false, '2026.04')]);
  expect(sortFacts(journeyFactChanges(before, after))).toEqual(['day 31 @2026.03 -1', 'day 31 @2026.04 +1']);
});

it('takes away what a purge removed', () => {
  expect(sortFacts(journeyFactChanges([day('02', true), day('03')], [day('03')]))).toEqual(['day 02 -1', 'day/conversion 02 -1', 'link 02-03 -1']);
});

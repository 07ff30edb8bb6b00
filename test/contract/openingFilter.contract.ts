// Part of the SearchIndex contract (searchIndex.contract.ts runs it for every adapter): time
// filters. Whatever the engine, a query's `opening` keeps exactly the businesses the domain rules
// (matchesOpening) let through, so totals count them all and every page is reachable.
import type { Weekday, WeeklyHours } from '../../src/domain/profile';
import { matchesOpening, type OpeningFilter } from '../../src/domain/search/openingFilter';
import type { IndexAction, SearchDocument, SearchIndex, SearchQuery } from '../../src/ports/searchIndex';
import { searchDocument } from '../fixtures/searchDocument';

const WEEKDAYS: Weekday[] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const every = (open: string, close: string): WeeklyHours => Object.fromEntries(WEEKDAYS.map((day) => [day, { open, close }]));

/** Hours that exercise each rule of domain/openingHours.ts. */
const HOURS: Record<string, WeeklyHours> = {
  office: Object.fromEntries(WEEKDAYS.slice(0, 5).map((day) => [day, { open: '09:00', close: '17:00' }])),
  // Past midnight: Friday 18:00-02:00 also covers Saturday 00:00-02:00.
  nightlife: { thursday: { open: '20:00', close: '23:30' }, friday: { open: '18:00', close: '02:00' }, saturday: { open: '18:00', close: '03:30' } },
  allDay: every('00:00', '00:00'),
  sameOpenAndClose: every('10:00', '10:00'),
  lateDaily: every('11:00', '22:30'),
  closedSunday: { ...every('08:00', '20:00'), sunday: { closed: true } },
  none: {},
};
const ZONES = ['America/Chicago', 'America/Los_Angeles', 'Asia/Tokyo', 'Europe/London', undefined];
/** Blackouts on local dates some instants below fall on, and on the day before one of them. */
const BLACKOUTS = [[], ['2026-11-22'], ['2026-11-20', '2030-01-01'], ['2026-03-08']];

function openingDocuments(): SearchDocument[] {
  const docs: SearchDocument[] = [];
  let n = 0;
  for (const [pattern, hours] of Object.entries(HOURS)) {
    for (const timeZone of ZONES) {
      const blackoutDates = BLACKOUTS[n % BLACKOUTS.length];
      docs.push(
        searchDocument({
          id: `biz_open_${String(n++).padStart(3, '0')}`,
          name: `${pattern} ${timeZone ?? 'no zone'}`,
          description: n % 2 === 0 ? 'paper lanterns in the courtyard' : 'a quiet courtyard',
          hours,
          ...(timeZone && { timeZone }),
          blackoutDates,
        }),
      );
    }
  }
  return docs;
}

const INSTANTS = [
  '2026-11-22T15:30:00.000Z', // Sunday morning in Chicago, Sunday night in Tokyo
  '2026-11-21T07:30:00.000Z', // Saturday 01:30 in Chicago: Friday's span runs past midnight
  '2026-11-21T03:45:00.000Z', // Friday 21:45 in Chicago, Saturday 03:45 in London
  '2026-11-20T16:00:00.000Z', // Friday 10:00 in Chicago, 16:00 in London
  '2026-03-08T09:30:00.000Z', // the morning US clocks go forward
];
const FILTERS: Omit<OpeningFilter, 'at'>[] = [
  { openNow: true }, { day: 'sunday' }, { late: true }, { day: 'friday', late: true }, { openNow: true, late: true },
  { relativeDay: 'today' }, { relativeDay: 'tomorrow', openAt: '09:30' }, { openUntil: '02:00' }, { day: 'friday', openAt: '01:00' },
  { relativeDay: 'tonight' }, { relativeDay: 'tonight', openAt: '23:00' }, { allDay: true }, { day: 'sunday', allDay: true },
  { relativeDay: 'tomorrow', allDay: true }, { weekend: true }, { weekend: true, late: true }, { weekend: true, openAt: '01:00' },
];

export function openingFilterContract(create: () => Promise<SearchIndex>, dispose: (index: SearchIndex) => Promise<void>): void {
  describe('time filters', () => {
    const docs = openingDocuments();
    let index: SearchIndex;
    beforeAll(async () => {
      index = await create();
      const actions: IndexAction[] = docs.map((document) => ({ type: 'upsert', document }));
      expect(await index.apply(actions)).toEqual({ failures: [] });
    });
    afterAll(() => dispose(index));

    const search = (fields: Partial<SearchQuery>) =>
      index.search({ environment: 'live', sort: 'name', order: 'asc', limit: 100, offset: 0, ...fields });
    const expected = (filter: OpeningFilter, keep: (doc: SearchDocument) => boolean = () => true) =>
      docs.filter((doc) => keep(doc) && matchesOpening(doc, filter)).map((doc) => doc.id).sort();

    it.each(INSTANTS)('keep exactly the businesses the opening rules let through at %s', async (at) => {
      for (const conditions of FILTERS) {
        const opening = { at, ...conditions };
        const found = await search({ opening });
        const want = expected(opening);
        expect({ conditions, ids: found.hits.map((hit) => hit.document.id).sort() }).toEqual({ conditions, ids: want });
        expect(found.total).toBe(want.length);
      }
    });

    it('combine with text, and count and page every business that passes', async () => {
      const opening = { at: INSTANTS[0], openNow: true };
      const want = expected(opening, (doc) => doc.description.includes('lanterns'));
      expect(want.length).toBeGreaterThan(3);
      const pages = [];
      for (let offset = 0; offset < want.length; offset += 3) {
        const page = await search({ text: 'lanterns', opening, limit: 3, offset });
        expect(page.total).toBe(want.length);
        pages.push(...page.hits.map((hit) => hit.document.id));
      }
      expect(pages.sort()).toEqual(want);
    });
  });
}

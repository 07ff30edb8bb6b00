// The four questions' raw facts over marchStory (test/fixtures/analyticsStory.ts); every expected
// number below is counted by hand from the story's comment.
import { marchStory, MARCH } from '../../fixtures/analyticsStory';
import { anEvent } from '../../fixtures/analyticsEvents';
import type { AnalyticsSuite } from './analyticsSuite';

export function questionsContract(suite: AnalyticsSuite): void {
  describe('questions over a hand-counted March', () => {
    beforeEach(async () => {
      expect(await suite.store().append(marchStory())).toEqual({ accepted: 16, duplicates: 0 });
    });

    it('counts visibility from the rollups: totals, platforms, days, zero-click and rank sums', async () => {
      const facts = await suite.store().visibility(MARCH);
      // Impressions j1 j2 j3 j4 and the journey-less one; only j1's was followed within 30 min.
      expect(facts.totals).toEqual({ impressions: 5, citations: 2, comparisons: 1, zeroClick: 4, positionSum: 15, positionCount: 5, crawls: { training: 0, search: 0, user: 0 } });
      expect(facts.platforms).toEqual([
        { name: 'chatgpt', impressions: 3, citations: 2, comparisons: 0, zeroClick: 2, positionSum: 10, positionCount: 3, crawls: { training: 0, search: 0, user: 0 } },
        { name: 'claude', impressions: 2, citations: 0, comparisons: 1, zeroClick: 2, positionSum: 5, positionCount: 2, crawls: { training: 0, search: 0, user: 0 } },
      ]);
      expect(facts.days).toEqual([
        { date: '2026-03-02', impressions: 1, citations: 2 },
        { date: '2026-03-03', impressions: 1, citations: 0 },
        { date: '2026-03-04', impressions: 1, citations: 0 },
        { date: '2026-03-05', impressions: 2, citations: 0 },
      ]);
    });

    it('keeps one platform only when asked', async () => {
      const facts = await suite.store().visibility({ ...MARCH, platform: 'claude' });
      expect(facts.totals).toEqual({ impressions: 2, citations: 0, comparisons: 1, zeroClick: 2, positionSum: 5, positionCount: 2, crawls: { training: 0, search: 0, user: 0 } });
      expect(facts.days).toEqual([
        { date: '2026-03-03', impressions: 1, citations: 0 },
        { date: '2026-03-05', impressions: 1, citations: 0 },
      ]);
    });

    it('reads only the local days asked for, inclusive at both ends', async () => {
      const facts = await suite.store().visibility({ ...MARCH, from: '2026-03-03', to: '2026-03-04' });
      expect(facts.totals.impressions).toBe(2);
      expect(facts.days.map((day) => day.date)).toEqual(['2026-03-03', '2026-03-04']);
    });

    it('gives each journey its furthest stage, touchpoints, first and last event and queries', async () => {
      const journeys = (await suite.store().journeys(MARCH)).sort((a, b) => a.journeyId.localeCompare(b.journeyId));
      const t = (time: string) => Date.parse(time);
      expect(journeys.map((j) => ({ ...j, queries: [...j.queries].sort() }))).toEqual([
        { journeyId: 'j1', stage: 'conversion', touchpoints: 5, firstAt: t('2026-03-02T10:00:00Z'), lastAt: t('2026-03-02T11:00:00Z'), queries: ['dentist austin', 'dentist austin open now'] },
        { journeyId: 'j2', stage: 'intent', touchpoints: 3, firstAt: t('2026-03-03T09:00:00Z'), lastAt: t('2026-03-03T09:45:00Z'), queries: ['teeth whitening'] },
        { journeyId: 'j3', stage: 'awareness', touchpoints: 1, firstAt: t('2026-03-04T12:00:00Z'), lastAt: t('2026-03-04T12:00:00Z'), queries: ['dentist austin'] },
        { journeyId: 'j4', stage: 'consideration', touchpoints: 2, firstAt: t('2026-03-05T08:00:00Z'), lastAt: t('2026-03-05T08:05:00Z'), queries: ['dentist austin'] },
        { journeyId: 'j5', stage: 'conversion', touchpoints: 1, firstAt: t('2026-03-06T15:00:00Z'), lastAt: t('2026-03-06T15:00:00Z'), queries: [] },
      ]);
    });

    it('lists converted journeys with the events before their first conversion, in order', async () => {
      // j5 converted with nothing before it: nothing to credit, so it is not listed.
      expect(await suite.store().convertedJourneys(MARCH)).toEqual([
        { journeyId: 'j1', touchpoints: [{ type: 'impression', platform: 'chatgpt' }, { type: 'citation', platform: 'chatgpt' }, { type: 'website_visit', platform: 'chatgpt' }], revenue: [{ currency: 'USD', amount: 80 }] },
      ]);
    });

    it('sums what the journeys\' conversions carried, per currency: j1\'s 80 USD (j5\'s conversion carried none)', async () => {
      expect(await suite.store().revenue(MARCH)).toEqual([{ currency: 'USD', amount: 80 }]);
      // Conversions outside the days asked for, or of another environment, count nowhere.
      expect(await suite.store().revenue({ ...MARCH, from: '2026-03-03' })).toEqual([]);
      expect(await suite.store().revenue({ ...MARCH, environment: 'test' })).toEqual([]);
    });

    it('totals peers, zeros for a business without events', async () => {
      const totals = await suite.store().businessTotals({ environment: 'live', from: MARCH.from, to: MARCH.to, businessIds: ['biz_a', 'biz_b', 'biz_none'] });
      expect(totals.sort((a, b) => a.businessId.localeCompare(b.businessId))).toEqual([
        { businessId: 'biz_a', impressions: 5, citations: 2, journeys: 5, convertedJourneys: 2 },
        { businessId: 'biz_b', impressions: 1, citations: 0, journeys: 1, convertedJourneys: 0 },
        { businessId: 'biz_none', impressions: 0, citations: 0, journeys: 0, convertedJourneys: 0 },
      ]);
    });

    it('counts a peer\'s journey over several days once, and only when one of its days is in the range', async () => {
      const store = suite.store();
      const on = (date: string, time: string) => ({ businessId: 'biz_multi', timestamp: `${date}T${time}:00.000Z`, localDate: date });
      // m1: impression 03-10, visit and conversion 03-12. m2: impression 03-31, conversion 04-01.
      await store.append([
        anEvent({ ...on('2026-03-10', '10:00'), journeyId: 'm1', type: 'impression', position: 1 }),
        anEvent({ ...on('2026-03-12', '09:00'), journeyId: 'm1', type: 'website_visit' }),
        anEvent({ ...on('2026-03-12', '09:30'), journeyId: 'm1', type: 'conversion' }),
        anEvent({ ...on('2026-03-31', '23:00'), journeyId: 'm2', type: 'impression', position: 2 }),
        anEvent({ ...on('2026-04-01', '01:00'), journeyId: 'm2', type: 'conversion' }),
      ]);
      const totals = async (from: string, to: string) => (await store.businessTotals({ environment: 'live', from, to, businessIds: ['biz_multi'] }))[0];
      // March as a whole month: m1 and m2 (its 03-31); only m1 converted in March.
      expect(await totals('2026-03-01', '2026-03-31')).toEqual({ businessId: 'biz_multi', impressions: 2, citations: 0, journeys: 2, convertedJourneys: 1 });
      // March and April: m2 spans both months and is one journey; both converted.
      expect(await totals('2026-03-01', '2026-04-30')).toEqual({ businessId: 'biz_multi', impressions: 2, citations: 0, journeys: 2, convertedJourneys: 2 });
      // From 03-11: m1 by its 03-12 (its impression is outside), m2 by both its days.
      expect(await totals('2026-03-11', '2026-04-30')).toEqual({ businessId: 'biz_multi', impressions: 1, citations: 0, journeys: 2, convertedJourneys: 2 });
      // The day between m1's two days: nothing of it.
      expect(await totals('2026-03-11', '2026-03-11')).toEqual({ businessId: 'biz_multi', impressions: 0, citations: 0, journeys: 0, convertedJourneys: 0 });
    });

    it('keeps the sandbox apart', async () => {
      const facts = await suite.store().visibility({ ...MARCH, environment: 'test' });
      expect(facts.totals.impressions).toBe(1);
      expect(await suite.store().journeys({ ...MARCH, environment: 'test' })).toHaveLength(1);
    });

    it('counts an impression as clicked when its visit was stored before it (late ingestion)', async () => {
      const store = suite.store();
      await store.append([anEvent({ businessId: 'biz_late', journeyId: 'late', type: 'website_visit', timestamp: '2026-03-10T10:20:00.000Z', localDate: '2026-03-10' })]);
      await store.append([anEvent({ businessId: 'biz_late', journeyId: 'late', type: 'impression', position: 1, timestamp: '2026-03-10T10:00:00.000Z', localDate: '2026-03-10' })]);
      const facts = await store.visibility({ ...MARCH, businessId: 'biz_late' });
      expect(facts.totals).toMatchObject({ impressions: 1, zeroClick: 0 });
    });

    it('does not count a repeated event twice in any answer', async () => {
      const store = suite.store();
      expect(await store.append(marchStory().map((event, i) => ({ ...event, eventId: `dup_${i}` })))).toMatchObject({ accepted: 16 });
      const again = marchStory().map((event, i) => ({ ...event, eventId: `dup_${i}` }));
      expect(await store.append(again)).toEqual({ accepted: 0, duplicates: 16 });
      expect((await store.visibility(MARCH)).totals.impressions).toBe(10);
    });

    it('keeps daily counts after raw events are purged; journeys go with them', async () => {
      const store = suite.store();
      // A month boundary: the Elasticsearch adapter drops whole months, SQLite single events.
      const removed = await store.purgeRawEvents(new Date('2026-04-01T00:00:00Z'));
      // Everything of March in live and test (the story's 16 less April's one).
      expect(removed).toBe(15);
      expect((await store.visibility(MARCH)).totals).toMatchObject({ impressions: 5, citations: 2, zeroClick: 4 });
      expect(await store.journeys(MARCH)).toEqual([]);
      expect(await store.journeys({ ...MARCH, from: '2026-04-01', to: '2026-04-30' })).toHaveLength(1);
    });

    it('counts crawler fetches per platform and purpose, apart from impressions and outside the days series', async () => {
      const store = suite.store();
      const crawl = (platform: string, crawlPurpose: 'training' | 'search' | 'user', day: string, businessId = 'biz_crawled') =>
        anEvent({ type: 'crawl', crawlPurpose, platform, businessId, surface: 'page', journeyId: undefined, query: undefined, timestamp: `${day}T12:00:00.000Z`, localDate: day });
      await store.append([
        crawl('chatgpt', 'training', '2026-03-02'), // GPTBot
        crawl('chatgpt', 'training', '2026-03-09'),
        crawl('chatgpt', 'search', '2026-03-09'), // OAI-SearchBot
        crawl('chatgpt', 'user', '2026-03-10'), // ChatGPT-User
        crawl('claude', 'training', '2026-03-10'), // ClaudeBot
        crawl('perplexity', 'search', '2026-03-11'),
        crawl('perplexity', 'search', '2026-03-12'),
        crawl('perplexity', 'search', '2026-04-01'), // after the period
        crawl('claude', 'user', '2026-03-12', 'biz_other'), // another business
        anEvent({ businessId: 'biz_crawled', platform: 'claude', localDate: '2026-03-12', timestamp: '2026-03-12T09:00:00.000Z' }), // one impression
      ]);
      const facts = await store.visibility({ ...MARCH, businessId: 'biz_crawled' });
      // Counted by hand from the list: training 2 + 1, search 1 + 2, user 1.
      expect(facts.totals.crawls).toEqual({ training: 3, search: 3, user: 1 });
      expect(facts.totals.impressions).toBe(1);
      expect(facts.platforms.map(({ name, impressions, crawls }) => ({ name, impressions, crawls }))).toEqual([
        { name: 'chatgpt', impressions: 0, crawls: { training: 2, search: 1, user: 1 } },
        { name: 'claude', impressions: 1, crawls: { training: 1, search: 0, user: 0 } },
        { name: 'perplexity', impressions: 0, crawls: { training: 0, search: 2, user: 0 } },
      ]);
      // The impressions-and-citations series holds the impression's day only.
      expect(facts.days).toEqual([{ date: '2026-03-12', impressions: 1, citations: 0 }]);
      expect((await store.visibility({ ...MARCH, businessId: 'biz_crawled', platform: 'perplexity' })).totals.crawls).toEqual({ training: 0, search: 2, user: 0 });
    });

    it('refuses a crawl event without its purpose, and a purpose on any other event, before storing anything', async () => {
      const store = suite.store();
      await expect(store.append([anEvent(), anEvent({ type: 'crawl', surface: 'page', journeyId: undefined })])).rejects.toMatchObject({ details: { field: 'events[1].crawlPurpose' } });
      await expect(store.append([anEvent({ crawlPurpose: 'training' })])).rejects.toMatchObject({ details: { field: 'events[0].crawlPurpose' } });
      expect((await store.visibility(MARCH)).totals.impressions).toBe(5);
    });
  });
}

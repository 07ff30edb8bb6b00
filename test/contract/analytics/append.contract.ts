// append: atomic per call, de-duplicated by (environment, reporter, eventId).
import { ValidationError } from '../../../src/domain/errors';
import { anEvent } from '../../fixtures/analyticsEvents';
import type { AnalyticsSuite } from './analyticsSuite';

export function appendContract(suite: AnalyticsSuite): void {
  describe('append', () => {
    it('stores a batch and counts each event once', async () => {
      const result = await suite.store().append([anEvent(), anEvent(), anEvent({ type: 'citation' })]);
      expect(result).toEqual({ accepted: 3, duplicates: 0 });
    });

    it('answers an empty batch with zero counts', async () => {
      expect(await suite.store().append([])).toEqual({ accepted: 0, duplicates: 0 });
    });

    it('ignores a repeated eventId of the same reporter and environment, across calls and inside one call', async () => {
      const store = suite.store();
      const first = anEvent({ eventId: 'client-1', reporter: 'acc_1', surface: 'ingested' });
      expect(await store.append([first])).toEqual({ accepted: 1, duplicates: 0 });
      expect(await store.append([first, anEvent({ eventId: 'client-2', reporter: 'acc_1', surface: 'ingested' }), { ...first }])).toEqual({ accepted: 1, duplicates: 2 });
    });

    it('keeps eventIds of different reporters and environments apart', async () => {
      const store = suite.store();
      const result = await store.append([
        anEvent({ eventId: 'same', reporter: 'acc_1' }),
        anEvent({ eventId: 'same', reporter: 'acc_2' }),
        anEvent({ eventId: 'same' }),
        anEvent({ eventId: 'same', environment: 'test' }),
      ]);
      expect(result).toEqual({ accepted: 4, duplicates: 0 });
    });

    it('refuses a batch with a malformed event, naming it, and stores nothing of it', async () => {
      const store = suite.store();
      const good = anEvent({ eventId: 'good-1' });
      const bad = { ...anEvent(), localDate: '2026-3-2' };
      await expect(store.append([good, bad])).rejects.toMatchObject({ constructor: ValidationError, details: { field: 'events[1].localDate' } });
      // Had good-1 been stored, it would now be a duplicate.
      expect(await store.append([good])).toEqual({ accepted: 1, duplicates: 0 });
    });

    it('names each kind of bad field', async () => {
      const store = suite.store();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ type: 'click' }, 'events[0].type'],
        [{ timestamp: 'yesterday' }, 'events[0].timestamp'],
        [{ eventId: '' }, 'events[0].eventId'],
        [{ position: 0 }, 'events[0].position'],
        [{ value: -1 }, 'events[0].value'],
        [{ environment: 'prod' }, 'events[0].environment'],
      ];
      for (const [patch, field] of cases) {
        await expect(store.append([{ ...anEvent(), ...patch } as never])).rejects.toMatchObject({ details: { field } });
      }
    });

    it('finds nothing for the rollup catch-up after appends that completed, and answers as before', async () => {
      const store = suite.store();
      const at = '2026-03-02T10:00:00.000Z';
      await store.append([anEvent({ businessId: 'biz_cu', timestamp: at, position: 2 }), anEvent({ businessId: 'biz_cu', type: 'website_visit', timestamp: '2026-03-02T10:10:00.000Z' })]);
      await store.append([anEvent({ businessId: 'biz_cu', type: 'citation', journeyId: 'j2', timestamp: at })]);
      const scope = { environment: 'live' as const, businessId: 'biz_cu', from: '2026-03-01', to: '2026-03-31' };
      // One impression, followed by the visit 10 minutes later (so not zero-click), one citation.
      const counted = { impressions: 1, citations: 1, comparisons: 0, zeroClick: 0, positionSum: 2, positionCount: 1, crawls: { training: 0, search: 0, user: 0 } };
      expect((await store.visibility(scope)).totals).toEqual(counted);

      expect(await store.catchUpRollups(0)).toEqual({ batches: 0, events: 0 });

      expect((await store.visibility(scope)).totals).toEqual(counted);
    });

    it('answers ping', async () => {
      await expect(suite.store().ping()).resolves.toBeUndefined();
    });
  });
}

import { bulkLine, bulkRequests } from '../../../src/adapters/elasticsearch/bulkLines';
import type { IndexAction } from '../../../src/ports/searchIndex';
import { fixtureDocument } from '../../fixtures/searchDocuments';

const line = (id: string, bytes: number) => ({ id, ndjson: 'x'.repeat(bytes - 1), bytes });
const idsOf = (requests: { id: string }[][]) => requests.map((request) => request.map((l) => l.id));

describe('bulkLine', () => {
  it('serialises an upsert once as its action and document lines, measured in UTF-8 bytes', () => {
    const document = { ...fixtureDocument('biz_aus_pizza'), name: 'Café Olé' };
    const upsert = bulkLine({ type: 'upsert', document }, false);
    const [action, source] = upsert.ndjson.split('\n');
    expect(JSON.parse(action)).toEqual({ index: { _id: 'live:biz_aus_pizza' } });
    expect(JSON.parse(source)).toMatchObject({ id: 'biz_aus_pizza', name: 'Café Olé', postalKey: expect.any(String), openingSchedule: expect.any(String) });
    expect(upsert.bytes).toBe(Buffer.byteLength(`${upsert.ndjson}\n`, 'utf8'));
    expect(upsert.bytes).toBeGreaterThan(upsert.ndjson.length + 1);
    expect(JSON.parse(bulkLine({ type: 'upsert', document }, true).ndjson.split('\n')[0])).toEqual({ create: { _id: 'live:biz_aus_pizza' } });
  });

  it('writes a delete as one action line', () => {
    const remove: IndexAction = { type: 'delete', environment: 'test', id: 'biz_1' };
    expect(bulkLine(remove, false)).toEqual({ id: 'biz_1', ndjson: '{"delete":{"_id":"test:biz_1"}}', bytes: 32 });
  });
});

describe('bulkRequests', () => {
  it('cuts before a line that would pass the byte limit, keeping the order', () => {
    const lines = [line('a', 400), line('b', 400), line('c', 300), line('d', 900), line('e', 100)];
    expect(idsOf(bulkRequests(lines, { maxActions: 100, maxBytes: 1000 }))).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });

  it('cuts at the action limit too', () => {
    const lines = ['a', 'b', 'c', 'd', 'e'].map((id) => line(id, 10));
    expect(idsOf(bulkRequests(lines, { maxActions: 2, maxBytes: 1_000_000 }))).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('sends a line larger than the limit alone rather than dropping it', () => {
    const lines = [line('a', 10), line('huge', 5000), line('b', 10)];
    expect(idsOf(bulkRequests(lines, { maxActions: 100, maxBytes: 1000 }))).toEqual([['a'], ['huge'], ['b']]);
    expect(bulkRequests([], { maxActions: 100, maxBytes: 1000 })).toEqual([]);
  });
});

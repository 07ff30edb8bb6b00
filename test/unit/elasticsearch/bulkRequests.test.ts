// How analytics bulk writes are cut into requests (bulkRequests.ts): by size, an action and its
// document never apart, a delete alone on its line, the order kept.
import { splitBulk as splitEntries } from '../../../src/adapters/elasticsearch/analytics/bulkRequests';

/** The requests as the operations' lines. */
const splitBulk = (operations: unknown[], maxBytes: number) => splitEntries(operations, maxBytes).map((request) => request.flatMap((entry) => entry.lines));

const create = (id: string) => [{ create: { _index: 'e', _id: id } }, { text: 'x'.repeat(60) }];

describe('splitBulk', () => {
  it('keeps everything in one request when it fits', () => {
    const operations = [...create('a'), ...create('b')];
    expect(splitBulk(operations, 1_000)).toEqual([operations]);
  });

  it('starts a new request before the one that would pass the limit, with each document beside its action', () => {
    // Each entry is 36 + 72 characters of NDJSON (lines with their newline): 108, so two fit in 250.
    const operations = [...create('a'), ...create('b'), ...create('c'), ...create('d'), ...create('e')];
    const requests = splitBulk(operations, 250);
    expect(requests.map((r) => r.length)).toEqual([4, 4, 2]);
    expect(requests.flat()).toEqual(operations);
  });

  it('counts a delete as one line', () => {
    const operations = [{ delete: { _index: 'e', _id: 'a' } }, ...create('b'), { delete: { _index: 'e', _id: 'c' } }];
    expect(splitBulk(operations, 150)).toEqual([[operations[0], operations[1], operations[2]], [operations[3]]]);
  });

  it('sends an entry larger than the limit alone rather than dropping it', () => {
    const big = [{ create: { _index: 'e', _id: 'big' } }, { text: 'y'.repeat(500) }];
    expect(splitBulk([...create('a'), ...big, ...create('b')], 200)).toEqual([create('a'), big, create('b')]);
  });
});

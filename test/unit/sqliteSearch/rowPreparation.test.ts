// A rebuild's rows prepared on a thread are the rows the writer prepares itself, and the slice's
// postings run made there is the one the writer's connection makes.
import Database from 'better-sqlite3';
import { postingsCell } from '../../../src/adapters/sqlite/search/placeRecord';
import { postingsRun } from '../../../src/adapters/sqlite/search/postingsRun';
import { prepareRow } from '../../../src/adapters/sqlite/search/preparedRow';
import { loadRankExtension, rankExtension } from '../../../src/adapters/sqlite/search/rankExtension';
import { createRowPreparation } from '../../../src/adapters/sqlite/search/rowPreparation';
import type { SearchDocument } from '../../../src/ports/searchIndex';
import { searchDocument } from '../../fixtures/searchDocument';

const documents: SearchDocument[] = [
  searchDocument({
    id: 'biz_one', name: 'Ramen Ramen', category: 'Restaurants', minPrice: 12.5, blackoutDates: ['2026-12-25'], timeZone: 'America/Chicago',
    hours: { friday: { open: '18:00', close: '02:00' }, saturday: { open: '00:00', close: '00:00' } },
  }),
  searchDocument({ id: 'biz_two', name: 'Nowhere Co', coordinates: undefined }),
];

describe('row preparation threads', () => {
  it('give the same documents row, FTS columns and place record as the writer, and null for what cannot be prepared', async () => {
    const preparation = createRowPreparation(null, 1);
    try {
      // @ts-expect-error -- a document a worker cannot prepare, as an untyped caller could send it
      const { rows, run } = await preparation.prepare([...documents, null]);
      expect(rows).toEqual([...documents.map(prepareRow), null]);
      expect(Buffer.isBuffer(rows[0]!.place)).toBe(true);
      expect(rows[1]!.place).toBeNull();
      expect(run).toBeUndefined();
    } finally {
      await preparation.close();
    }
  });

  const library = rankExtension().library;
  (library === null ? it.skip : it)('with the native library, also give the slice\'s postings run, as the writer\'s connection makes it', async () => {
    const preparation = createRowPreparation(library, 1);
    const db = new Database(':memory:');
    try {
      loadRankExtension(db, library!);
      // @ts-expect-error -- a document a worker cannot prepare, as an untyped caller could send it
      const { run } = await preparation.prepare([...documents, null]);
      const here = postingsRun(db, [
        ...documents.map((document) => ({ environment: document.environment, cell: postingsCell(document.coordinates), text: prepareRow(document).text })),
        null,
      ]);
      expect(Buffer.isBuffer(run)).toBe(true);
      expect(run!.equals(here)).toBe(true);
      expect(run!.readUInt32LE(0)).toBe(3);
    } finally {
      db.close();
      await preparation.close();
    }
  });
});

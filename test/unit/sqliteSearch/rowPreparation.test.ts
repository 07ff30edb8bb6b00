// A rebuild's rows prepared on a thread are the rows the writer prepares itself.
import { prepareRow } from '../../../src/adapters/sqlite/search/preparedRow';
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
    const preparation = createRowPreparation(1);
    try {
      const rows = await preparation.prepare([...documents, null as unknown as SearchDocument]);
      expect(rows).toEqual([...documents.map(prepareRow), null]);
      expect(Buffer.isBuffer(rows[0]!.place)).toBe(true);
      expect(rows[1]!.place).toBeNull();
    } finally {
      await preparation.close();
    }
  });
});

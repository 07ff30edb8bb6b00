// The three readers on small files written here by hand (and the repository's GeoParquet sample,
// made from its GeoJSON sample by scripts/import/writeGeoParquet.ts): rows in order with their line
// or row number, as the JSON text the import threads parse, unreadable rows named by their line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { formatOfFile, openImportFile } from '../../../src/adapters/importFiles/openImportFile';
import type { ImportFile, SourceRow } from '../../../src/ports/importFile';

const SAMPLES = resolve(__dirname, '../../../docs/import');
let dir: string;
beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'import-files-'))));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fileWith(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

async function rowsOf(file: ImportFile, skip = 0, batchSize = 2): Promise<Array<{ line: number; values?: unknown; unreadable?: SourceRow['unreadable'] }>> {
  const rows = [];
  for await (const batch of file.batches({ skip, batchSize })) {
    for (const row of batch.rows) rows.push({ line: row.line, ...(row.json !== undefined && { values: JSON.parse(row.json) }), ...(row.unreadable && { unreadable: row.unreadable }) });
  }
  return rows;
}

describe('choosing a reader', () => {
  it('goes by the extension', () => {
    expect(['a.ndjson', 'a.jsonl', 'a.geojsonseq', 'a.CSV', 'a.parquet', 'a.geoparquet', 'a.xlsx'].map(formatOfFile)).toEqual(['ndjson', 'ndjson', 'ndjson', 'csv', 'parquet', 'parquet', undefined]);
  });
});

describe('NDJSON', () => {
  it('gives each non-blank line as it is, with its line number, a byte order mark and RFC 8142 record separators dropped', async () => {
    const path = fileWith('places.ndjson', '\uFEFF{"id":"a","n":1}\n\n{"id":"b"}\r\n\u001e{"id":"c"}\nnot json\n');
    const rows = [];
    for await (const batch of openImportFile(path, 'ndjson').batches({ skip: 0, batchSize: 2 })) rows.push(...batch.rows);
    // Whether a line is JSON is judged where the row is mapped (importBatch.test.ts), not here.
    expect(rows).toEqual([
      { line: 1, json: '{"id":"a","n":1}' },
      { line: 3, json: '{"id":"b"}' },
      { line: 4, json: '{"id":"c"}' },
      { line: 5, json: 'not json' },
    ]);
  });

  it('skips the rows an earlier run committed, counting rows and not blank lines', async () => {
    const path = fileWith('skip.ndjson', '{"id":"a"}\n\n{"id":"b"}\n{"id":"c"}\n');
    expect(await rowsOf(openImportFile(path, 'ndjson'), 2)).toEqual([{ line: 4, values: { id: 'c' } }]);
  });
});

describe('CSV', () => {
  it('nests dotted columns, leaves empty cells out, keeps quoted commas and line breaks, and gives each record its first line', async () => {
    const path = fileWith(
      'places.csv',
      'id,name,location.coordinates.lat,location.coordinates.lon,tags\n' +
        '1,"Corner Bakery, Bristol",51.45,-2.58,"[""bread"",""cakes""]"\n' +
        '2,"Two\nLines",,,\n' +
        '3,Short\n' +
        '4,Fine,1,2,\n',
    );
    expect(await rowsOf(openImportFile(path, 'csv'))).toEqual([
      { line: 2, values: { id: '1', name: 'Corner Bakery, Bristol', location: { coordinates: { lat: '51.45', lon: '-2.58' } }, tags: '["bread","cakes"]' } },
      { line: 3, values: { id: '2', name: 'Two\nLines' } },
      { line: 5, unreadable: { field: '', issue: 'has 2 fields where the header names 5' } },
      { line: 6, values: { id: '4', name: 'Fine', location: { coordinates: { lat: '1', lon: '2' } } } },
    ]);
  });

  it('names a record with broken quoting by its line and goes on', async () => {
    const path = fileWith('quotes.csv', 'id,name\n1,"Good"\n2,"Bad"x\n');
    const rows = await rowsOf(openImportFile(path, 'csv'));
    expect(rows[0]).toEqual({ line: 2, values: { id: '1', name: 'Good' } });
    expect(rows[1]).toEqual({ line: 3, unreadable: { field: '', issue: expect.stringMatching(/^is not valid CSV \(Invalid Closing Quote/) } });
  });

  it('reads the Foursquare sample: eight records, the short one unreadable', async () => {
    const rows = await rowsOf(openImportFile(join(SAMPLES, 'foursquare-austin.csv'), 'csv'), 0, 100);
    expect(rows.map((row) => row.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(rows[6]).toEqual({ line: 8, unreadable: { field: '', issue: 'has 8 fields where the header names 24' } });
    expect(rows[7].values).toMatchObject({ fsq_place_id: '5f1a2b3c4d5e6f7a8b9c0d18', name: 'Mosaic Yoga, East Austin', fsq_category_labels: '["Sports and Recreation > Gym and Studio > Yoga Studio"]' });
  });
});

describe('GeoParquet (DuckDB)', () => {
  it('reads the Overture sample in row order: columns as values, the WKB geometry as hex, structs and lists as they are', async () => {
    const rows = await rowsOf(openImportFile(join(SAMPLES, 'overture-austin.parquet'), 'parquet'), 0, 4);
    expect(rows.map((row) => row.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows[0].values).toMatchObject({
      id: '08f48d8b2d1a6c0e03a1e2b4f6c9d701',
      // POINT(-97.77071 30.26418), little-endian WKB.
      geometry: `0101000000${Buffer.from(new Float64Array([-97.77071, 30.26418]).buffer).toString('hex')}`,
      names: { primary: 'Barton Springs Taqueria' },
      categories: { primary: 'taco_restaurant', alternate: ['mexican_restaurant'] },
      taxonomy: { primary: 'taco_restaurant', hierarchy: ['food_and_drink', 'restaurant', 'mexican_restaurant', 'taco_restaurant'] },
      confidence: 0.93,
      phones: ['+1 512-555-0140'],
      addresses: [{ freeform: '2201 Barton Springs Rd', locality: 'Austin', postcode: '78746', region: 'US-TX', country: 'US' }],
    });
    expect(rows[0].values).not.toHaveProperty('sources');
  });

  it('resumes after the rows an earlier run committed', async () => {
    const rows = await rowsOf(openImportFile(join(SAMPLES, 'overture-austin.parquet'), 'parquet'), 8);
    expect(rows.map((row) => [row.line, (row.values as { id: string }).id])).toEqual([
      [9, '08f48d8b2d1a6c0e03a1e2b4f6c9d709'],
      [10, '08f48d8b2d1a6c0e03a1e2b4f6c9d710'],
    ]);
  });
});

// Writes Overture-shaped GeoJSON features (a .geojsonseq file, as `overturemaps download -f
// geojsonseq` gives them) as GeoParquet in the columns of Overture's release files: one column per
// property, `geometry` as WKB with GeoParquet 1.1 metadata, `bbox` as a struct. Made with DuckDB and
// no spatial extension (the WKB point is written here). docs/import/overture-austin.parquet is this
// script's output for docs/import/overture-austin.geojsonseq:
//   npx tsx scripts/import/writeGeoParquet.ts docs/import/overture-austin.geojsonseq docs/import/overture-austin.parquet
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { pointOf, pointToWkb } from '../../src/domain/imports/pointGeometry';

const NAMES = 'STRUCT("primary" VARCHAR, common MAP(VARCHAR, VARCHAR), rules STRUCT(variant VARCHAR, "value" VARCHAR)[])';
/** The place columns in the order and types of Overture's release files (sources left out: no provenance here). */
const COLUMNS: Record<string, string> = {
  id: 'VARCHAR',
  geometry_hex: 'VARCHAR',
  version: 'INTEGER',
  names: NAMES,
  categories: 'STRUCT("primary" VARCHAR, alternate VARCHAR[])',
  taxonomy: 'STRUCT("primary" VARCHAR, hierarchy VARCHAR[], alternates VARCHAR[])',
  basic_category: 'VARCHAR',
  confidence: 'DOUBLE',
  websites: 'VARCHAR[]',
  socials: 'VARCHAR[]',
  emails: 'VARCHAR[]',
  phones: 'VARCHAR[]',
  brand: `STRUCT(wikidata VARCHAR, names ${NAMES})`,
  addresses: 'STRUCT(freeform VARCHAR, locality VARCHAR, postcode VARCHAR, region VARCHAR, country VARCHAR)[]',
  operating_status: 'VARCHAR',
  theme: 'VARCHAR',
  type: 'VARCHAR',
};

const sql = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function main(input: string, output: string): Promise<void> {
  const features = readFileSync(input, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
  const lons: number[] = [];
  const lats: number[] = [];
  const rows = features.map((feature) => {
    const point = pointOf(feature.geometry);
    if (!point) throw new Error(`feature ${String(feature.id)} has no point`);
    lons.push(point.lon);
    lats.push(point.lat);
    return { ...(feature.properties as object), id: feature.id, geometry_hex: Buffer.from(pointToWkb(point)).toString('hex'), geometry_hex_point: JSON.stringify([point.lon, point.lat]) };
  });
  const dir = mkdtempSync(join(tmpdir(), 'geoparquet-'));
  try {
    const flat = join(dir, 'rows.ndjson');
    writeFileSync(flat, rows.map((row) => JSON.stringify(row)).join('\n'));
    const geo = {
      version: '1.1.0',
      primary_column: 'geometry',
      columns: { geometry: { encoding: 'WKB', geometry_types: ['Point'], bbox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)] } },
    };
    const columns = Object.keys(COLUMNS).filter((name) => name !== 'geometry_hex' && name !== 'id').map((name) => `"${name}"`);
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(`COPY (
      SELECT id, unhex(geometry_hex) AS geometry,
        {'xmin': lon, 'xmax': lon, 'ymin': lat, 'ymax': lat}::STRUCT(xmin FLOAT, xmax FLOAT, ymin FLOAT, ymax FLOAT) AS bbox,
        ${columns.join(', ')}
      FROM (SELECT *, json_extract(json(geometry_hex_point), '$[0]')::DOUBLE AS lon, json_extract(json(geometry_hex_point), '$[1]')::DOUBLE AS lat
            FROM read_json(${sql(flat)}, format = 'newline_delimited', columns = {${Object.entries({ ...COLUMNS, geometry_hex_point: 'VARCHAR' }).map(([name, type]) => `"${name}": ${sql(type)}`).join(', ')}}))
      ORDER BY id
    ) TO ${sql(resolve(output))} (FORMAT parquet, COMPRESSION zstd, KV_METADATA {geo: ${sql(JSON.stringify(geo))}})`);
    connection.closeSync();
    instance.closeSync();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const [input, output] = process.argv.slice(2);
if (!input || !output) {
  console.error('usage: npx tsx scripts/import/writeGeoParquet.ts FEATURES.geojsonseq OUT.parquet');
  process.exit(2);
}
main(input, output).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});

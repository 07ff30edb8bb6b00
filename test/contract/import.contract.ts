// `npm run import`'s pipeline on a store engine and its search index, run by each engine's test
// file (SQLite with its embedded index; MongoDB with Elasticsearch): the repository's sample files
// in the Overture and Foursquare schemas imported, imported again (nothing written), imported from
// GeoParquet (the same places, nothing written), changed (one update, one removal), imported on
// worker threads, and the imported businesses found by consumer search. Expected counts are
// counted by hand from the sample files (docs/import/).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { rebuildIndex } from '../../indexer/rebuildIndex';
import { openImportFile, type ImportFormat } from '../../src/adapters/importFiles/openImportFile';
import { createLruSessionStore } from '../../src/adapters/memory/lruSessionStore';
import { createMemoryCache } from '../../src/adapters/memory/memoryCache';
import type { Config } from '../../src/config';
import { importedProfileId } from '../../src/domain/imports/importIdentity';
import type { ImportSchema } from '../../src/domain/imports/importRecord';
import type { Principal } from '../../src/domain/principal';
import { createLogger } from '../../src/logger';
import type { SearchIndex } from '../../src/ports/searchIndex';
import type { Store } from '../../src/ports/store';
import { runBulkImport, type ImportProgress } from '../../src/services/import/bulkImport';
import { importOwner } from '../../src/services/import/importOwner';
import type { ImportNotice } from '../../src/services/import/importTally';
import { createConsumerSearch } from '../../src/services/search/consumerSearch';
import { onThisThread, onWorkers } from '../../scripts/import/importPipeline';

const SAMPLES = resolve(__dirname, '../../docs/import');

export interface ImportEngines {
  store: Store;
  index: SearchIndex;
  /** How an import thread opens the same store. */
  storeConfig: Pick<Config, 'dataDir' | 'mongodbUri'>;
  close(): Promise<void>;
}

const principal: Principal = { accountId: 'acct_consumer', environment: 'live', scopes: ['read:businesses'], via: 'api_key', role: 'user', plan: 'free' };

export function importContract(name: string, open: () => Promise<ImportEngines>): void {
  describe(`import contract: ${name}`, () => {
    // Stops what beforeAll started, last first, and only what did start (a failed start leaves the rest unset).
    const teardown = new AsyncDisposableStack();
    let engines: ImportEngines;
    let ownerId: string;
    let dir: string;
    beforeAll(async () => {
      engines = teardown.adopt(await open(), (opened) => opened.close());
      ownerId = (await importOwner(engines.store, undefined, new Date())).id;
      dir = mkdtempSync(join(tmpdir(), 'import-contract-'));
      teardown.defer(() => rmSync(dir, { recursive: true, force: true }));
    }, 120_000);
    afterAll(() => teardown.disposeAsync());

    async function runImport(file: string, format: ImportFormat, schema: ImportSchema, threads = 0): Promise<{ result: ImportProgress; notices: ImportNotice[] }> {
      const notices: ImportNotice[] = [];
      const source = openImportFile(file, format);
      const pipeline = { file: source, batchSize: 3, context: { schema, mapping: {}, settings: { environment: 'live' as const, ownerId, dataset: schema, status: 'published' as const, strict: false } } };
      const result = await runBulkImport(
        { store: engines.store },
        { runKey: `${file}-${Math.random()}`, imported: threads === 0 ? onThisThread(engines.store, pipeline) : onWorkers(engines.storeConfig, { ...pipeline, threads }), onNotice: (notice) => notices.push(notice) },
      );
      return { result, notices };
    }

    const overtureId = (n: number) => importedProfileId('live', 'overture', `08f48d8b2d1a6c0e03a1e2b4f6c9d7${String(n).padStart(2, '0')}`);
    const foursquareId = (n: number) => importedProfileId('live', 'foursquare', `5f1a2b3c4d5e6f7a8b9c0d${n}`);

    it('imports the Overture sample: six businesses, the closed place left out, the nameless and uncategorised refused, the second coffee counter a duplicate', async () => {
      const { result, notices } = await runImport(join(SAMPLES, 'overture-austin.geojsonseq'), 'ndjson', 'overture');
      expect(result.tally).toEqual({
        rows: 10, created: 6, updated: 0, unchanged: 0, leftOut: 1, removed: 0, refused: 2, duplicates: 1, kept: 0, droppedFields: 1, unmappedCategories: {},
      });
      expect(notices).toEqual([
        { kind: 'dropped', line: 4, sourceId: '08f48d8b2d1a6c0e03a1e2b4f6c9d704', field: 'contact.website', issue: 'must be an https URL' },
        { kind: 'refused', line: 7, field: 'names.primary', issue: "is required (the place's name)" },
        { kind: 'duplicate', line: 8, sourceId: '08f48d8b2d1a6c0e03a1e2b4f6c9d708', issue: `has the same phone number as business ${overtureId(2)}: refused as a duplicate` },
        { kind: 'refused', line: 10, field: 'categories.primary', issue: 'is required (the place has no category)' },
      ]);
      const profiles = await engines.store.profiles.getMany('live', [1, 2, 3, 4, 5, 9].map(overtureId));
      expect(profiles.map((profile) => [profile.name, profile.category, profile.status, profile.ownerId]).sort()).toEqual([
        ['Barton Springs Taqueria', 'Taco Restaurant', 'published', ownerId],
        ['Bouldin Creek Coffee Roasters', 'Coffee Shop', 'published', ownerId],
        ['South Congress Cycles', 'Bicycle Shop', 'published', ownerId],
        ['South Lamar Family Dental', 'General Dentistry', 'published', ownerId],
        ['Travis Heights Allergy Clinic', 'Allergist, Doctor', 'published', ownerId],
        ['Zilker Hardware & Supply', 'Hardware Store', 'published', ownerId],
      ]);
      const zilker = profiles.find((profile) => profile.name.startsWith('Zilker'));
      expect(zilker).toMatchObject({
        contact: { phone: '+15125550143' },
        location: { address: { street: '1500 S Lamar Blvd', city: 'Austin', state: 'TX', postalCode: '78704', country: 'US' }, coordinates: { lat: 30.26011, lon: -97.76452 } },
        categoryKeys: ['shop/hardware'],
        publicSlugs: ['zilker-hardware-and-supply-austin'],
        source: { dataset: 'overture', id: '08f48d8b2d1a6c0e03a1e2b4f6c9d704' },
        version: 1,
      });
    });

    it('writes nothing when the same file is imported again, nor for the same places from GeoParquet', async () => {
      const again = await runImport(join(SAMPLES, 'overture-austin.geojsonseq'), 'ndjson', 'overture');
      const parquet = await runImport(join(SAMPLES, 'overture-austin.parquet'), 'parquet', 'overture');
      for (const { result } of [again, parquet]) expect(result.tally).toMatchObject({ created: 0, updated: 0, unchanged: 6, leftOut: 1, removed: 0 });
      const stored = await engines.store.profiles.getMany('live', [1, 2, 3, 4, 5, 9].map(overtureId));
      expect(stored.map((profile) => profile.version)).toEqual([1, 1, 1, 1, 1, 1]);
    });

    it('updates a place that changed and removes one the source now says is closed, keeping the rest', async () => {
      const lines = readFileSync(join(SAMPLES, 'overture-austin.geojsonseq'), 'utf8').split('\n');
      lines[2] = lines[2].replace('(512) 555-0142', '(512) 555-0199');
      lines[8] = lines[8].replace('"operating_status":"open"', '"operating_status":"permanently_closed"');
      const changed = join(dir, 'overture-changed.geojsonseq');
      writeFileSync(changed, lines.join('\n'));

      const { result } = await runImport(changed, 'ndjson', 'overture');

      expect(result.tally).toMatchObject({ created: 0, updated: 1, unchanged: 4, leftOut: 2, removed: 1 });
      const [dental] = await engines.store.profiles.getMany('live', [overtureId(3)]);
      expect(dental).toMatchObject({ version: 2, contact: { phone: '+15125550199' }, createdAt: expect.any(String) });
      expect(await engines.store.profiles.get('live', overtureId(9))).toBeNull();
      const [cycles] = await engines.store.profiles.getMany('live', [overtureId(9)]);
      expect(cycles).toMatchObject({ deletedAt: expect.any(String), source: { removedBecause: 'permanently closed (operating_status)' } });

      // The place open again in the next release: the import's own removal is undone.
      const reopened = await runImport(join(SAMPLES, 'overture-austin.geojsonseq'), 'ndjson', 'overture');
      expect(reopened.result.tally).toMatchObject({ updated: 2, removed: 0 });
      expect(await engines.store.profiles.get('live', overtureId(9))).toMatchObject({ name: 'South Congress Cycles', version: 3 });
    });

    it('imports the Foursquare sample on two threads, writing their batches in file order', async () => {
      const csv = join(dir, 'foursquare.csv');
      copyFileSync(join(SAMPLES, 'foursquare-austin.csv'), csv);
      const { result, notices } = await runImport(csv, 'csv', 'foursquare', 2);
      expect(result.tally).toEqual({
        rows: 8, created: 5, updated: 0, unchanged: 0, leftOut: 1, removed: 0, refused: 2, duplicates: 0, kept: 0, droppedFields: 1, unmappedCategories: {},
      });
      expect(notices.map((notice) => [notice.line, notice.kind])).toEqual([[4, 'dropped'], [7, 'refused'], [8, 'refused']]);
      const names = (await engines.store.profiles.getMany('live', [11, 12, 13, 14, 18].map(foursquareId))).map((profile) => profile.category).sort();
      expect(names).toEqual(['Bookstore', 'Pediatrician', 'Pizzeria', 'Veterinarian', 'Yoga Studio']);
    });

    it('numbers the public page address of a business whose name and city another business has, as the API does', async () => {
      const rows = ['78701', '78702', '78703'].map((postalCode, n) =>
        JSON.stringify({ id: `diner-${n}`, name: 'Golden Spoon Diner', category: 'Diner', location: { address: { city: 'Austin', postalCode, country: 'US' }, coordinates: { lat: 30.27, lon: -97.74 } } }),
      );
      const file = join(dir, 'diners.ndjson');
      writeFileSync(file, `${rows.join('\n')}\n`);
      // Another business already has the plain address.
      writeFileSync(join(dir, 'first-diner.ndjson'), JSON.stringify({ id: 'elsewhere', name: 'Golden Spoon Diner', category: 'Diner', location: { address: { city: 'Austin', postalCode: '78704', country: 'US' }, coordinates: { lat: 30.25, lon: -97.75 } } }));
      await runImport(join(dir, 'first-diner.ndjson'), 'ndjson', 'profiles');

      const { result } = await runImport(file, 'ndjson', 'profiles');

      expect(result.tally).toMatchObject({ created: 3, duplicates: 0 });
      const diners = await engines.store.profiles.getMany('live', [0, 1, 2].map((n) => importedProfileId('live', 'profiles', `diner-${n}`)));
      expect(diners.map((diner) => diner.publicSlugs).sort()).toEqual([['golden-spoon-diner-austin-2'], ['golden-spoon-diner-austin-3'], ['golden-spoon-diner-austin-4']]);
    });

    it('finds the imported businesses through consumer search once the index has followed', async () => {
      await rebuildIndex({ feed: engines.store.changeFeed, profiles: engines.store.profiles, checkpoints: engines.store.checkpoints, index: engines.index, logger: createLogger('silent') });
      const search = createConsumerSearch({ index: engines.index, sessions: createLruSessionStore(), summaryCache: createMemoryCache<string>(), logger: createLogger('silent'), clock: () => new Date('2026-11-25T18:00:00Z') });
      const found = async (query: string) =>
        (await search(principal, { query, location: { lat: 30.2672, lon: -97.7431, distance: '15km' }, limit: 10, offset: 0 } as never)).results.map((result) => result.document.id);
      expect(await found('pizza')).toContain(foursquareId(11));
      expect(await found('bookstore')).toContain(foursquareId(12));
      expect(await found('hardware store')).toContain(overtureId(4));
      expect(await found('allergy clinic')).toContain(overtureId(5));
      // Left out or refused: never listed.
      expect(await found('record store')).not.toContain(foursquareId(15));
    }, 60_000);
  });
}

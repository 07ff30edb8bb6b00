// The accounts' old boolean `partner` flag becomes an open-ended agreement for both areas
// when a store opens, on SQLite (a migration step) and on MongoDB (a start-up step); the flag is
// gone from every account afterwards, and opening again changes nothing more.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMongoStore } from '../../src/adapters/mongo/mongoStore';
import { openDatabase, runMigrations } from '../../src/adapters/sqlite/openDatabase';
import { STORE_COMPONENT, storeMigrations } from '../../src/adapters/sqlite/store/schema';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import type { Store } from '../../src/ports/store';
import { useMongo } from '../harness/mongo';

// As an earlier build stored them: the flag inside the account document.
const flagged = { id: 'acct_FlaggedPartner000001', email: 'partner@example.com', name: 'Answer Engine', partner: true, createdAt: '2025-03-04T10:00:00.000Z' };
const unflagged = { id: 'acct_PlainAccount00000001', email: 'plain@example.com', name: 'Plain', partner: false, createdAt: '2025-05-06T10:00:00.000Z' };
const accountFields = { passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA', plan: 'free', role: 'user', suspended: false, updatedAt: '2025-06-01T00:00:00.000Z' };

const expectedAgreement = {
  id: 'pag_FlaggedPartner000001',
  accountId: flagged.id,
  partnerName: 'Answer Engine',
  platform: 'other',
  areas: ['partner_search', 'event_ingestion'],
  startDate: '2025-03-04',
  status: 'active',
  note: 'Migrated from the account partner flag',
  createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
};

async function expectMigrated(store: Store): Promise<void> {
  expect(await store.partnerAgreements.listByAccount(flagged.id)).toEqual([expectedAgreement]);
  expect(await store.partnerAgreements.listByAccount(unflagged.id)).toEqual([]);
  expect(await store.accounts.findById(flagged.id)).not.toHaveProperty('partner');
  expect(await store.accounts.findById(unflagged.id)).not.toHaveProperty('partner');
  expect((await store.accounts.findById(flagged.id))?.name).toBe('Answer Engine');
}

describe('partner flag migration on SQLite', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'partner-flags-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('turns each true flag into an open-ended agreement and drops the flags, once', async () => {
    const file = join(dir, 'store.db');
    const db = openDatabase({ file });
    runMigrations(db, STORE_COMPONENT, storeMigrations);
    const insert = db.prepare('INSERT INTO accounts (id, doc, email_key) VALUES (?, ?, ?)');
    for (const account of [flagged, unflagged]) insert.run(account.id, JSON.stringify({ ...account, ...accountFields }), account.email);
    db.close();

    const store = createSqliteStore({ file });
    await expectMigrated(store);
    await store.close();
    const again = createSqliteStore({ file });
    await expectMigrated(again);
    await again.close();
  });
});

describe('partner flag migration on MongoDB (mongo-java-server)', () => {
  const mongo = useMongo();

  it('turns each true flag into an open-ended agreement and drops the flags, once', async () => {
    const dbName = `partner_flags_${process.pid}`;
    const accounts = mongo.admin.getClient().db(dbName).collection('accounts');
    for (const { id, ...account } of [flagged, unflagged]) {
      await accounts.insertOne({ _id: id as never, ...account, ...accountFields, emailKey: account.email });
    }
    try {
      const store = await createMongoStore({ uri: mongo.url, dbName, serverSelectionTimeoutMS: 5_000 });
      await expectMigrated(store);
      await store.close();
      const again = await createMongoStore({ uri: mongo.url, dbName, serverSelectionTimeoutMS: 5_000 });
      await expectMigrated(again);
      expect(await mongo.admin.getClient().db(dbName).collection('partner_agreements').countDocuments()).toBe(1);
      await again.close();
    } finally {
      await mongo.admin.getClient().db(dbName).dropDatabase();
    }
  });
});

// npm run partner:agreement: the command runs the admin API's validation and service on
// the configured store; one run goes through a real process on a DATA_DIR, as an operator would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import type { Store } from '../../src/ports/store';
import { runPartnerAgreementCommand, UsageError } from '../../scripts/partnerAgreementCommand';
import { anAccount } from '../fixtures/profiles';

const NOW = new Date('2026-06-15T12:00:00.000Z');
let store: Store;

beforeEach(async () => {
  store = createSqliteStore({ file: ':memory:' });
  await store.accounts.create(anAccount({ id: 'acct_PartnerAccount000001', email: 'partner@example.com' }));
});
afterEach(() => store.close());

const run = (...argv: string[]) => runPartnerAgreementCommand(argv, { store, clock: () => NOW });

it('creates an agreement for an account named by e-mail, starting today by default, then suspends, resumes and terminates it', async () => {
  const [created] = await run('create', '--account', 'partner@example.com', '--name', 'Answer Engine', '--platform', 'perplexity', '--areas', 'partner_search,event_ingestion', '--end', '2026-12-31');
  expect(created).toMatch(/^Created pag_\w{20} {2}in_force {3}Answer Engine \(perplexity\) account acct_PartnerAccount000001 {2}partner_search,event_ingestion {2}2026-06-15 \.\. 2026-12-31$/);
  const [agreement] = await store.partnerAgreements.listByAccount('acct_PartnerAccount000001');
  expect(agreement).toMatchObject({ startDate: '2026-06-15', endDate: '2026-12-31', status: 'active', platform: 'perplexity' });

  expect(await run('suspend', '--id', agreement!.id)).toEqual([expect.stringContaining(' suspended ')]);
  expect(await run('resume', '--id', agreement!.id)).toEqual([expect.stringContaining(' in_force ')]);
  expect(await run('update', '--id', agreement!.id, '--end', 'none')).toEqual([expect.stringMatching(/2026-06-15 \.\. open-ended$/)]);
  expect(await run('terminate', '--id', agreement!.id)).toEqual([expect.stringContaining(' terminated ')]);
  await expect(run('resume', '--id', agreement!.id)).rejects.toMatchObject({ code: 'PARTNER_AGREEMENT_TERMINATED' });
  expect(await run('list', '--status', 'terminated')).toEqual([expect.stringContaining(agreement!.id)]);
});

it.each([
  [['create', '--account', 'acct_NoSuchAccount0000001', '--name', 'X', '--platform', 'claude', '--areas', 'partner_search'], 'accountId'],
  [['create', '--account', 'partner@example.com', '--name', 'X', '--platform', 'skynet', '--areas', 'partner_search'], 'platform'],
  [['create', '--account', 'partner@example.com', '--name', 'X', '--platform', 'claude', '--areas', 'bookings'], 'areas.0'],
  [['create', '--account', 'partner@example.com', '--name', 'X', '--platform', 'claude', '--areas', 'partner_search', '--start', '2026-13-01'], 'startDate'],
])('refuses bad input with the same errors as the API: %j', async (argv, field) => {
  await expect(run(...argv)).rejects.toMatchObject({ code: 'VALIDATION_ERROR', details: { field } });
  expect(await store.partnerAgreements.page({}, { limit: 10 })).toEqual({ items: [], total: 0 });
});

it('says what is missing', async () => {
  await expect(run('create', '--account', 'partner@example.com')).rejects.toBeInstanceOf(UsageError);
  await expect(run('suspend')).rejects.toThrow('suspend needs --id <pag_...>');
  await expect(run('fly')).rejects.toThrow('unknown command "fly"');
});

it('runs as npm run partner:agreement does, on the store of DATA_DIR', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'partner-cli-'));
  try {
    const seeded = createSqliteStore({ file: join(dataDir, 'store.db') });
    await seeded.accounts.create(anAccount({ id: 'acct_PartnerAccount000002', email: 'cli@example.com' }));
    await seeded.close();
    const env = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'a-test-secret-that-is-long-enough-for-config' };
    const out = execFileSync('npx', ['tsx', 'scripts/partnerAgreement.ts', 'create', '--account', 'cli@example.com', '--name', 'CLI Partner', '--platform', 'gemini', '--areas', 'partner_search', '--start', '2026-01-01'], { env, encoding: 'utf8' });
    expect(out).toMatch(/^Created pag_\w{20} .*CLI Partner \(gemini\) account acct_PartnerAccount000002 {2}partner_search {2}2026-01-01 \.\. open-ended\n$/);
    const failed = (() => {
      try {
        execFileSync('npx', ['tsx', 'scripts/partnerAgreement.ts', 'show', '--id', 'pag_NoSuchAgreement000001'], { env, encoding: 'utf8', stdio: 'pipe' });
        return null;
      } catch (error) {
        return error as { status: number; stderr: string };
      }
    })();
    expect(failed?.status).toBe(1);
    expect(failed?.stderr).toContain('partner:agreement failed: Partner agreement pag_NoSuchAgreement000001 does not exist');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);

// The account the benchmark calls the API as: enterprise plan with a very high custom search
// limit (so the rate limiter never answers 429 and distorts the numbers), the partner flag
// (partner search answers 403 without it), and one live API key.
import { randomBytes } from 'node:crypto';
import { hashPassword } from '../../src/domain/passwordHash';
import type { Store } from '../../src/ports/store';
import { createApiKeyService } from '../../src/services/apiKeyService';
import { BENCH_OWNER_ID } from './generateBusinesses';

export interface BenchAccount {
  accountId: string;
  apiKey: string;
}

/** Far above what a 2-core box can serve in a bench run: the most an admin may set for an enterprise account (customLimitsSchema). */
const UNLIMITED = 100_000_000;

export async function createBenchAccount(store: Store, at: Date = new Date()): Promise<BenchAccount> {
  const now = at.toISOString();
  // A kept data directory (--data-dir) already has the account: only a new key is needed.
  if (!(await store.accounts.findById(BENCH_OWNER_ID))) await store.accounts.create({
    id: BENCH_OWNER_ID,
    email: 'bench@bench.example',
    name: 'Search benchmark',
    // Nobody logs in as the bench account; the password is random and thrown away.
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    plan: 'free',
    // Admin so that its key reads /v1/ready's indexer report (admins only) while waiting for the index.
    role: 'admin',
    suspended: false,
    createdAt: now,
    updatedAt: now,
  });
  // Plan and limits through update(), the path an admin's PATCH takes; partner search through an agreement.
  const updated = await store.accounts.update(
    BENCH_OWNER_ID,
    { plan: 'enterprise', customLimits: { general: UNLIMITED, search: UNLIMITED, analytics: UNLIMITED } },
    now,
  );
  if (updated?.plan !== 'enterprise') throw new Error('could not give the bench account the enterprise plan');
  if ((await store.partnerAgreements.listByAccount(BENCH_OWNER_ID)).length === 0) {
    await store.partnerAgreements.create({
      id: `pag_${BENCH_OWNER_ID.slice(5)}`,
      accountId: BENCH_OWNER_ID,
      partnerName: 'Search benchmark',
      platform: 'other',
      areas: ['partner_search', 'event_ingestion'],
      startDate: '2000-01-01',
      status: 'active',
      createdAt: now,
      updatedAt: now,
    });
  }
  const { key } = await createApiKeyService({ store }).create(BENCH_OWNER_ID, { name: 'search benchmark', environment: 'live' });
  return { accountId: BENCH_OWNER_ID, apiKey: key };
}

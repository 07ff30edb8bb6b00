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

/** Far above what a 2-core box can serve in a bench run; an admin sets such custom limits for enterprise accounts. */
const UNLIMITED = 1_000_000_000;

export async function createBenchAccount(store: Store, at: Date = new Date()): Promise<BenchAccount> {
  const now = at.toISOString();
  await store.accounts.create({
    id: BENCH_OWNER_ID,
    email: 'bench@bench.example',
    name: 'Search benchmark',
    // Nobody logs in as the bench account; the password is random and thrown away.
    passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
    plan: 'free',
    // Admin so that its key reads /v1/ready's indexer report (admins only) while waiting for the index.
    role: 'admin',
    suspended: false,
    partner: false,
    createdAt: now,
    updatedAt: now,
  });
  // Plan, partner flag and limits through update(), the path an admin's PATCH takes.
  const updated = await store.accounts.update(
    BENCH_OWNER_ID,
    { plan: 'enterprise', partner: true, customLimits: { general: UNLIMITED, search: UNLIMITED, analytics: UNLIMITED } },
    now,
  );
  if (!updated?.partner || updated.plan !== 'enterprise') throw new Error('could not give the bench account the enterprise plan and partner flag');
  const { key } = await createApiKeyService({ store }).create(BENCH_OWNER_ID, { name: 'search benchmark', environment: 'live' });
  return { accountId: BENCH_OWNER_ID, apiKey: key };
}

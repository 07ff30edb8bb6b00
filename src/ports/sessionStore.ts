// Personalisation sessions. Adapters: adapters/memory/lruSessionStore (default, one
// process) and adapters/redis/redisSessionStore (when REDIS_URL is set, shared by every instance).
// Rules every adapter keeps (test/contract/sessionStore.contract.ts):
// - get() of an unknown or expired session is null and does not create it;
// - every get/record call slides the expiry to SESSION_TTL_SECONDS from now;
// - labels are normalised (normalizeSessionLabels) and sizes bounded (SESSION_LIMITS);
// - updates to one session are atomic: concurrent records are all counted.
// Adapters throw UnavailableError when their engine does not answer; callers treat
// personalisation as optional and search on without it.
import type { SearchSignals, SessionProfile } from '../domain/sessionProfile';

export type { SearchSignals, SessionProfile, ViewedBusiness } from '../domain/sessionProfile';

export interface SessionStore {
  get(sessionId: string): Promise<SessionProfile | null>;
  /** One search: each distinct category and term counts once. */
  recordSearch(sessionId: string, signals: SearchSignals): Promise<void>;
  /** A profile was opened: remembers the business (newest first) and weighs its category. */
  recordView(sessionId: string, businessId: string, category: string): Promise<void>;
}

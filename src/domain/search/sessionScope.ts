// A personalisation session belongs to the caller that uses it. X-Session-ID is the client's own
// name for a session ("user-42", a UUID) and a name another account may pick too, so the session
// store holds each one under its account and environment: another account, or the sandbox key of
// the same account, sending the same id gets a session of its own instead of reading (through
// personalizationScore) or steering this one.
import type { Principal } from '../principal';

export function sessionStoreKey(caller: Pick<Principal, 'accountId' | 'environment'>, sessionId: string): string {
  return `${caller.environment}:${caller.accountId}:${sessionId}`;
}

// Failed authentication is slowed down (130 wrong logins in a row all answered 401).
// Counted apart from the plan's request limits: only failures count, a success costs nothing.
// An account name is counted whether or not it exists, so a 429 reveals nothing about it.
export interface AuthFailureRule {
  /** Failures allowed within the window; the next attempt is 429 until the window ends. */
  failures: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/** Wrong passwords for one e-mail address, from anywhere. A successful login clears it. */
export const ACCOUNT_FAILURES: AuthFailureRule = { failures: 10, windowSeconds: FIFTEEN_MINUTES };

/**
 * Wrong passwords, refresh tokens, API keys and access tokens from one client address, all
 * together. Higher than the account's: several people may share an address (an office's NAT).
 */
export const ADDRESS_FAILURES: AuthFailureRule = { failures: 50, windowSeconds: FIFTEEN_MINUTES };

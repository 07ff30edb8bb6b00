// Runs one authentication attempt under the failed-authentication limiter (ports/authFailureLimiter).
import { UnauthorizedError } from '../domain/errors';
import type { AuthAttempt, AuthFailureLimiter } from '../ports/authFailureLimiter';

/** Refused at once while over the limit; a 401 counts as a failure; a success clears the account's count. */
export async function limitFailures<T>(limiter: AuthFailureLimiter, attempt: AuthAttempt, authenticate: () => Promise<T>): Promise<T> {
  await limiter.assertAllowed(attempt);
  let result: T;
  try {
    result = await authenticate();
  } catch (error) {
    if (error instanceof UnauthorizedError) await limiter.recordFailure(attempt);
    throw error;
  }
  await limiter.recordSuccess(attempt);
  return result;
}

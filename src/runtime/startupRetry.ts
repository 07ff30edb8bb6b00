// A configured backend that does not answer at start-up is retried with exponential
// backoff for a bounded time; then start-up fails with a message naming the backend.
import type { Logger } from '../logger';

export async function withStartupRetry<T>(name: string, attempt: () => Promise<T>, timeoutSeconds: number, logger: Logger): Promise<T> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  let delayMs = 250;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      const message = (error as Error).message;
      if (Date.now() + delayMs > deadline) {
        throw new Error(`${name} did not answer within ${timeoutSeconds} s (last error: ${message})`);
      }
      logger.warn({ backend: name, retryInMs: delayMs, error: message }, `${name} is not answering yet; retrying`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      delayMs = Math.min(delayMs * 2, 5000);
    }
  }
}

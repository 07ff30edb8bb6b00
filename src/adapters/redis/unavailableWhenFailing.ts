// How the Redis adapters report trouble: any failure of a Redis call becomes the port's
// UnavailableError with the adapter's own message. Driver text stays out of it: it may name hosts.
import { UnavailableError } from '../../domain/errors';

export function unavailableWhenFailing(message: string): <R>(operation: () => Promise<R>) => Promise<R> {
  return async (operation) => {
    try {
      return await operation();
    } catch {
      throw new UnavailableError(message);
    }
  };
}

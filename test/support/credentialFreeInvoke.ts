// The call path for operations that ask for no credential and count nothing, with every answer
// checked against its output schema: for tests that declare operations of their own.
import { createInvoke, type Invoke } from '../../src/core/invoke';
import { countNothing } from '../../src/core/rateLimitCheck';
import { createLogger } from '../../src/logger';

export function credentialFreeInvoke<Services>(services: Services): Invoke<Services> {
  return createInvoke<Services>({
    services,
    authenticate: async () => {
      throw new Error('no credential is asked for');
    },
    checkRateLimit: countNothing,
    idempotentCall: async (_principal, _key, _fingerprint, run) => run(),
    resolvePlatform: async () => 'direct',
    logger: createLogger('silent'),
    checkOutputs: true,
  });
}

import { createMemoryAuthFailureLimiter } from '../../src/adapters/memory/memoryLimiters';
import { authFailureLimiterContract, SMALL_RULES } from './authFailureLimiter.contract';

// Each memory limiter holds its own counts, so the key prefix that keeps Redis runs apart is not needed.
authFailureLimiterContract('in memory', () => createMemoryAuthFailureLimiter(SMALL_RULES));

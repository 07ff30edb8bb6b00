import { createMemoryRateLimiter } from '../../src/adapters/memory/memoryLimiters';
import { rateLimiterContract } from './rateLimiter.contract';

// Each memory limiter holds its own counts, so the key prefix that keeps Redis runs apart is not needed.
rateLimiterContract('in memory', () => createMemoryRateLimiter());

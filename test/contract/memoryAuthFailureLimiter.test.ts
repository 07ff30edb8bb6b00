import { createAuthFailureLimiter } from '../../src/core/authFailureLimiter';
import { authFailureLimiterContract, SMALL_RULES } from './authFailureLimiter.contract';

authFailureLimiterContract('in memory', (keyPrefix) => createAuthFailureLimiter({ keyPrefix, ...SMALL_RULES }));

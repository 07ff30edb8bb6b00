import { PLAN_RATE_LIMITS, rateLimitFor, TEST_KEY_RATE_LIMIT } from '../../src/domain/rateLimitTiers';
import { principal } from '../fixtures/rateLimitedApp';

const HOUR = 3600;
const DAY = 86400;

describe('rate limit tiers (spec 8)', () => {
  it.each([
    ['free', 'general', 100, HOUR],
    ['free', 'search', 1_000, DAY],
    ['free', 'analytics', 100, DAY],
    ['professional', 'general', 1_000, HOUR],
    ['professional', 'search', 10_000, DAY],
    ['professional', 'analytics', 1_000, DAY],
    ['enterprise', 'general', 10_000, HOUR],
    ['enterprise', 'search', 100_000, DAY],
    ['enterprise', 'analytics', 10_000, DAY],
  ] as const)('%s plan, %s area: %i requests per %i s, counted per account', (plan, area, points, durationSeconds) => {
    const applied = rateLimitFor(principal({ accountId: 'acct_1', plan }), area, '10.0.0.1');
    expect(applied).toEqual({ subject: 'account:acct_1', bucket: area, tier: { points, durationSeconds } });
  });

  it('gives sk_test_ keys one budget of 100 per hour in every area', () => {
    const testKey = principal({ accountId: 'acct_1', plan: 'enterprise', environment: 'test', via: 'api_key' });
    for (const area of ['general', 'search', 'analytics'] as const) {
      expect(rateLimitFor(testKey, area, '10.0.0.1')).toEqual({ subject: 'account:acct_1', bucket: 'test', tier: TEST_KEY_RATE_LIMIT });
    }
    expect(TEST_KEY_RATE_LIMIT).toEqual({ points: 100, durationSeconds: HOUR });
  });

  it('applies enterprise custom numbers per area and keeps the window', () => {
    const custom = principal({ accountId: 'acct_e', plan: 'enterprise', customLimits: { search: 250_000, analytics: 42 } });
    expect(rateLimitFor(custom, 'search', 'x').tier).toEqual({ points: 250_000, durationSeconds: DAY });
    expect(rateLimitFor(custom, 'analytics', 'x').tier).toEqual({ points: 42, durationSeconds: DAY });
    expect(rateLimitFor(custom, 'general', 'x').tier).toEqual(PLAN_RATE_LIMITS.enterprise.general);
  });

  it('ignores custom numbers on other plans and nonsense custom numbers', () => {
    const pro = principal({ accountId: 'acct_p', plan: 'professional', customLimits: { search: 999_999 } });
    expect(rateLimitFor(pro, 'search', 'x').tier).toEqual(PLAN_RATE_LIMITS.professional.search);
    const broken = principal({ accountId: 'acct_b', plan: 'enterprise', customLimits: { search: 0, analytics: 1.5 } });
    expect(rateLimitFor(broken, 'search', 'x').tier).toEqual(PLAN_RATE_LIMITS.enterprise.search);
    expect(rateLimitFor(broken, 'analytics', 'x').tier).toEqual(PLAN_RATE_LIMITS.enterprise.analytics);
  });

  it('limits unauthenticated callers by client address on the free general limit, whatever the area', () => {
    expect(rateLimitFor(undefined, 'search', '203.0.113.9')).toEqual({
      subject: 'ip:203.0.113.9',
      bucket: 'general',
      tier: PLAN_RATE_LIMITS.free.general,
    });
  });

  it('treats a test-environment caller that is not an API key by its plan', () => {
    const jwtCaller = principal({ accountId: 'acct_1', plan: 'free', environment: 'test', via: 'jwt' });
    expect(rateLimitFor(jwtCaller, 'search', 'x').bucket).toBe('search');
  });
});

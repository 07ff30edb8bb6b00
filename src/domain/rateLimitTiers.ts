// Rate limits (spec 8), as data in one place. Three areas, each with its own counter and window:
// general per hour, search per day, analytics per day. Enterprise "custom" numbers come from the
// account (set by an admin) and default to the enterprise row below. sk_test_ keys get one budget
// of 100 per hour across all areas.
import type { Plan } from './account';
import type { Principal } from './principal';

export const RATE_LIMIT_AREAS = ['general', 'search', 'analytics'] as const;
export type RateLimitArea = (typeof RATE_LIMIT_AREAS)[number];

/** The counter a request is counted in: its area, the single shared one of test keys, or the public web pages'. */
export type RateLimitBucket = RateLimitArea | 'test' | 'pages';

/**
 * The public web pages (/b/..., sitemaps, llms.txt), counted per client address: enough for a
 * crawler walking a sitemap at a polite pace, not for one address to hammer the service.
 * PUBLIC_PAGES_PER_MINUTE sets the number.
 */
export const DEFAULT_PUBLIC_PAGES_PER_MINUTE = 120;

export interface RateLimitTier {
  /** Requests allowed per window. */
  points: number;
  durationSeconds: number;
}

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

export const PLAN_RATE_LIMITS: Readonly<Record<Plan, Readonly<Record<RateLimitArea, RateLimitTier>>>> = {
  free: {
    general: { points: 100, durationSeconds: HOUR },
    search: { points: 1_000, durationSeconds: DAY },
    analytics: { points: 100, durationSeconds: DAY },
  },
  professional: {
    general: { points: 1_000, durationSeconds: HOUR },
    search: { points: 10_000, durationSeconds: DAY },
    analytics: { points: 1_000, durationSeconds: DAY },
  },
  // Spec 8 says "custom" for enterprise search and analytics; these are the defaults until an
  // admin sets the account's customLimits.
  enterprise: {
    general: { points: 10_000, durationSeconds: HOUR },
    search: { points: 100_000, durationSeconds: DAY },
    analytics: { points: 10_000, durationSeconds: DAY },
  },
};

export const TEST_KEY_RATE_LIMIT: RateLimitTier = { points: 100, durationSeconds: HOUR };

export interface AppliedRateLimit {
  /** Who is counted: an account, or a client address for unauthenticated calls. */
  subject: string;
  bucket: RateLimitBucket;
  tier: RateLimitTier;
}

export function isTestKey(principal: Principal): boolean {
  return principal.environment === 'test' && principal.via === 'api_key';
}

/**
 * The limit a request in `area` counts against. Unauthenticated callers get the free general limit per client address.
 * `floorPlan` (DEV_RATE_LIMIT_PLAN, development only) raises every lower limit to that plan's.
 */
export function rateLimitFor(principal: Principal | undefined, area: RateLimitArea, clientAddress: string, floorPlan?: Plan): AppliedRateLimit {
  const applied = planRateLimitFor(principal, area, clientAddress);
  if (floorPlan === undefined) return applied;
  const floor = PLAN_RATE_LIMITS[floorPlan][area];
  return floor.points > applied.tier.points ? { ...applied, tier: floor } : applied;
}

function planRateLimitFor(principal: Principal | undefined, area: RateLimitArea, clientAddress: string): AppliedRateLimit {
  if (!principal) {
    return { subject: `ip:${clientAddress}`, bucket: 'general', tier: PLAN_RATE_LIMITS.free.general };
  }
  const subject = `account:${principal.accountId}`;
  if (isTestKey(principal)) return { subject, bucket: 'test', tier: TEST_KEY_RATE_LIMIT };
  const planTier = PLAN_RATE_LIMITS[principal.plan][area];
  const custom = principal.plan === 'enterprise' ? principal.customLimits?.[area] : undefined;
  const tier = custom !== undefined && Number.isInteger(custom) && custom > 0 ? { ...planTier, points: custom } : planTier;
  return { subject, bucket: area, tier };
}

/** "hour" / "day" / "3600 seconds", for messages. */
export function describeWindow(durationSeconds: number): string {
  if (durationSeconds === HOUR) return 'hour';
  if (durationSeconds === DAY) return 'day';
  return `${durationSeconds} seconds`;
}

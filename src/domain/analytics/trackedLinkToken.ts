// The token of a tracked link, GET /v1/r/{token}: which business, environment,
// journey and platform a click belongs to, signed so nobody can make one up or change one.
// It carries no URL: the redirect always goes to the website stored on the profile when the link
// is followed, so a token cannot become an open redirect.
//
// Form: a signed token (../signedToken.ts) whose payload is
// "1~<t|l>~<businessId>~<journeyId or empty>~<platform>": none of its fields can hold "~".
import { openToken, signToken, tokenKey, type TokenKey } from '../signedToken';
import { SESSION_ID } from '../sessionId';
import type { Environment } from '../profile';
import { PLATFORM_NAME } from './aiPlatform';
import { DIRECT_PLATFORM } from './analyticsEvent';

export interface TrackedLink {
  businessId: string;
  environment: Environment;
  journeyId?: string;
  platform: string;
}

const VERSION = '1';
const BUSINESS_ID = /^biz_[A-Za-z0-9]{6,40}$/;
/** Far above any token this code issues (journey ids are at most 128 characters). */
export const MAX_TOKEN_LENGTH = 400;

/** A key of its own for link signatures, derived from the service's secret (never the secret itself). */
export function trackedLinkKey(secret: string): TokenKey {
  return tokenKey(secret, 'tracked-link-v1');
}

export function signTrackedLink(key: TokenKey, link: TrackedLink): string {
  return signToken(key, [VERSION, link.environment === 'test' ? 't' : 'l', link.businessId, link.journeyId ?? '', link.platform].join('~'));
}

/** The link a token names, or null for anything this service did not sign (tampered, truncated, made up). */
export function verifyTrackedLink(key: TokenKey, token: string): TrackedLink | null {
  const payload = openToken(key, token, MAX_TOKEN_LENGTH);
  if (payload === null) return null;
  const parts = payload.split('~');
  if (parts.length !== 5) return null;
  const [version, environment, businessId, journeyId, platform] = parts;
  if (version !== VERSION || (environment !== 't' && environment !== 'l')) return null;
  if (!BUSINESS_ID.test(businessId) || (journeyId !== '' && !SESSION_ID.test(journeyId))) return null;
  if (platform !== DIRECT_PLATFORM && !PLATFORM_NAME.test(platform)) return null;
  return { businessId, environment: environment === 't' ? 'test' : 'live', ...(journeyId && { journeyId }), platform };
}

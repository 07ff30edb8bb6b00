// The token of a tracked link, GET /v1/r/{token} (issue 18): which business, environment,
// journey and platform a click belongs to, signed so nobody can make one up or change one.
// It carries no URL: the redirect always goes to the website stored on the profile when the link
// is followed, so a token cannot become an open redirect.
//
// Form: base64url(payload) "." base64url(first 16 bytes of HMAC-SHA256(payload)). The payload is
// "1~<t|l>~<businessId>~<journeyId or empty>~<platform>": none of its fields can hold "~".
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
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
const SIGNATURE_BYTES = 16;
const BUSINESS_ID = /^biz_[A-Za-z0-9]{6,40}$/;
/** Far above any token this code issues (journey ids are at most 128 characters). */
export const MAX_TOKEN_LENGTH = 400;

/** A key of its own for link signatures, derived from the service's secret (never the secret itself). */
export function trackedLinkKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'business-discovery-api', 'tracked-link-v1', 32));
}

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, SIGNATURE_BYTES);
}

export function signTrackedLink(key: Buffer, link: TrackedLink): string {
  const payload = [VERSION, link.environment === 'test' ? 't' : 'l', link.businessId, link.journeyId ?? '', link.platform].join('~');
  return `${Buffer.from(payload).toString('base64url')}.${signature(key, payload).toString('base64url')}`;
}

/** The link a token names, or null for anything this service did not sign (tampered, truncated, made up). */
export function verifyTrackedLink(key: Buffer, token: string): TrackedLink | null {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 2 || !/^[A-Za-z0-9_-]+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return null;
  const payload = Buffer.from(parts[0], 'base64url').toString();
  const given = Buffer.from(parts[1], 'base64url');
  // A re-encoding of the same bytes (padding bits set differently) is not the token we issued.
  if (Buffer.from(payload).toString('base64url') !== parts[0] || given.toString('base64url') !== parts[1]) return null;
  const expected = signature(key, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, environment, businessId, journeyId, platform, ...rest] = payload.split('~');
  if (version !== VERSION || rest.length > 0 || (environment !== 't' && environment !== 'l')) return null;
  if (!BUSINESS_ID.test(businessId) || (journeyId !== '' && !SESSION_ID.test(journeyId))) return null;
  if (platform !== DIRECT_PLATFORM && !PLATFORM_NAME.test(platform ?? '')) return null;
  return { businessId, environment: environment === 't' ? 'test' : 'live', ...(journeyId && { journeyId }), platform };
}

// A tracked link's token is the same bytes whatever form the key takes inside the process: the
// expected token was computed outside this code base (Python's hmac and hashlib: HKDF-SHA256 of
// the secret with salt "business-discovery-api" and info "tracked-link-v1", then HMAC-SHA256 of
// the payload cut to 16 bytes), so links handed out before a change keep opening after it.
import { signTrackedLink, trackedLinkKey, verifyTrackedLink } from '../../../src/domain/analytics/trackedLinkToken';

const key = trackedLinkKey('a-service-secret-that-is-at-least-32-characters');
const link = { businessId: 'biz_01J9ZQ4W8M3K2XW5Y6Z7A8B9CD', environment: 'live' as const, platform: 'direct' };
const ISSUED = 'MX5sfmJpel8wMUo5WlE0VzhNM0syWFc1WTZaN0E4QjlDRH5-ZGlyZWN0.X-Kls2UPejanpnnSTfQJ6g';

it('signs a link into the token an independent HKDF and HMAC give', () => {
  expect(signTrackedLink(key, link)).toBe(ISSUED);
});

it('opens a token issued earlier, and refuses it under another secret', () => {
  expect(verifyTrackedLink(key, ISSUED)).toEqual(link);
  expect(verifyTrackedLink(trackedLinkKey('another-service-secret-of-32-characters!'), ISSUED)).toBeNull();
});

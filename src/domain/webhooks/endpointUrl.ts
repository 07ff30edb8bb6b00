// Rules for a subscription's URL, checked when it is created or changed. The address a name
// resolves to is checked again at every delivery (the dispatcher), since DNS can change.
import { isIP } from 'node:net';
import { ValidationError } from '../errors';
import type { AddressPolicy } from './addressPolicy';

export const MAX_URL_LENGTH = 2048;

export function checkEndpointUrl(raw: string, policy: AddressPolicy, field = 'url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ValidationError(field, 'must be an absolute URL');
  }
  if (url.username !== '' || url.password !== '') throw new ValidationError(field, 'must not carry a user name or password; authenticate with the signature');
  if (url.hash !== '') throw new ValidationError(field, 'must not have a #fragment');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host) !== 0;
  if (literal) {
    const verdict = policy.check(host);
    if (!verdict.allowed) throw new ValidationError(field, `refused: ${verdict.reason}`);
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:') {
    // Plain http only for local development: an address the operator opened in WEBHOOK_ALLOWED_CIDRS.
    if (literal && policy.listed(host)) return url.toString();
    throw new ValidationError(field, 'must use https (http is accepted only for IP addresses listed in WEBHOOK_ALLOWED_CIDRS)');
  }
  throw new ValidationError(field, 'must use https');
}

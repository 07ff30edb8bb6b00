// What makes two requests "the same" for an Idempotency-Key: method, path with query, and the
// parsed JSON body with its keys sorted, so a client re-serialising the same object (other key
// order or whitespace) still matches, while any changed value does not.
import { createHash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).sort().map((key) => [key, canonical((value as Record<string, unknown>)[key])]);
    return Object.fromEntries(entries);
  }
  return value;
}

export function requestFingerprint(method: string, url: string, body: unknown): string {
  const text = `${method} ${url}\n${body === undefined ? '' : JSON.stringify(canonical(body))}`;
  return createHash('sha256').update(text).digest('hex');
}

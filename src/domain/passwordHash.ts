// Account passwords ("stored with scrypt or argon2"). scrypt ships with node:crypto, so
// there is no native addon to compile. Parameters follow the OWASP minimum for scrypt
// (N=2^14, r=8, p=1): ~16 MB and tens of milliseconds per hash, which is the point, because
// passwords are low-entropy and a leaked table must be slow to brute-force.
// Encoding: `scrypt$N$r$p$<salt base64url>$<key base64url>`, so parameters can be raised later
// and old hashes still verify.

import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem must cover 128*N*r bytes plus headroom, or node refuses larger N.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * options.N! * options.r! }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_BYTES, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Bounds on stored parameters, so a tampered row cannot make verification allocate gigabytes. */
function plausibleParams(n: number, r: number, p: number): boolean {
  const powerOfTwo = Number.isInteger(n) && n >= 2 && (n & (n - 1)) === 0;
  return powerOfTwo && n <= 1 << 20 && Number.isInteger(r) && r >= 1 && r <= 32 && Number.isInteger(p) && p >= 1 && p <= 16;
}

/** False for a wrong password and for any encoding this module did not produce. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  if (typeof password !== 'string' || typeof encoded !== 'string') return false;
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map((x) => (/^\d+$/.test(x) ? Number(x) : NaN));
  if (!plausibleParams(n, r, p)) return false;
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (salt.length < 8 || expected.length < 16 || expected.length > 64) return false;
  try {
    const actual = await derive(password, salt, expected.length, { N: n, r, p });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}

// Hash for API keys and refresh tokens. These are >= 190 bits of CSPRNG output (32 base62
// characters or more), so a brute-force search is infeasible whatever the hash speed: a slow
// KDF such as scrypt would add no security, only cost on every authenticated request. An
// unsalted SHA-256 also lets the store look a presented secret up by its hash in one indexed
// query. Never use this for passwords (see passwordHash.ts).

import { createHash } from 'node:crypto';

export function sha256Hex(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

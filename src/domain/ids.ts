import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Uniformly random base62 string (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

export type IdPrefix = 'biz' | 'svc' | 'ver' | 'med' | 'req' | 'acct' | 'key' | 'rt' | 'fam' | 'sess';

/** `biz_` + 20 base62 characters (~119 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}

import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Random bytes are drawn from the OS in 4 KB refills (as Node's randomUUID does) instead of one
// call per id: every request gets an id. Each byte is handed out once.
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++];
}

/** Uniformly random base62 string (rejection sampling: no modulo bias). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    const byte = nextRandomByte();
    if (byte < 248) out += BASE62[byte % 62];
  }
  return out;
}

export type IdPrefix = 'pag' | 'srp' | 'biz' | 'svc' | 'ver' | 'med' | 'req' | 'acct' | 'key' | 'rt' | 'fam' | 'sess' | 'rev' | 'bkg' | 'evt' | 'we' | 'msg' | 'whd' | 'pay' | 'rfd' | 'irp';

/** `biz_` + 20 base62 characters (~119 bits). */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBase62(20)}`;
}

/** ULIDs from the same random pool; monotonic: a second id within the same millisecond sorts after the first. */
const nextUlid = monotonicFactory(() => nextRandomByte() / 256);

/**
 * `biz_` + a ULID (26 characters: the millisecond `at`, then 80 random bits). Ids minted
 * later sort after earlier ones, so a table or index keyed by them grows at its end instead of
 * splitting pages all over a random key space. Nothing reads the time back: ids of the older
 * shape (`newId`, 20 random characters) stay as valid as ever.
 */
export function newTimeOrderedId(prefix: IdPrefix, at: number = Date.now()): string {
  return `${prefix}_${nextUlid(at)}`;
}

// US ZIP codes from the zipcodes package, read once on first use and kept compact (packageData.ts):
// a bit per five-digit code (12.5 KiB for its 42 555 US codes, where the package's records take
// about 21 MiB of heap).
import type { codes } from 'zipcodes';
import { readPackageData } from '../packageData';

/** Bit n set: the five-digit code n is a US ZIP code. */
let known: Uint8Array | undefined;

function load(): Uint8Array {
  known ??= readPackageData('zipcodes', (exports) => {
    const bits = new Uint8Array(100_000 / 8);
    for (const code of Object.values((exports as { codes: typeof codes }).codes)) {
      if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
      const n = Number(code.zip);
      bits[n >> 3] |= 1 << (n & 7);
    }
    return bits;
  });
  return known;
}

/** "78701" -> true; "00000", "7870", "78701-1234" -> false (pass the first five digits of a ZIP+4). */
export function isUsZipCode(code: string): boolean {
  if (!/^\d{5}$/.test(code)) return false;
  const n = Number(code);
  return (load()[n >> 3] & (1 << (n & 7))) !== 0;
}

// US ZIP codes and the states they belong to, from the zipcodes package, read once on first use
// and kept compact (packageData.ts): a bit per five-digit code (12.5 KiB for its 42 555 US codes,
// where the package's records take about 21 MiB of heap) and the names of the states that have
// ZIP codes (the 50 states and DC; the package's table also names Canada's provinces).
import type { codes, states } from 'zipcodes';
import { readPackageData } from '../packageData';

interface UsZipCodes {
  /** Bit n set: the five-digit code n is a US ZIP code. */
  known: Uint8Array;
  /** [lower-case name, abbreviation], by name. */
  states: ReadonlyArray<readonly [name: string, abbreviation: string]>;
}

let data: UsZipCodes | undefined;

function load(): UsZipCodes {
  if (data) return data;
  data = readPackageData('zipcodes', (exports) => {
    const zipcodes = exports as { codes: typeof codes; states: typeof states };
    const known = new Uint8Array(100_000 / 8);
    const withZipCodes = new Set<string>();
    for (const code of Object.values(zipcodes.codes)) {
      if (code.country !== 'US' || !/^\d{5}$/.test(code.zip)) continue;
      const n = Number(code.zip);
      known[n >> 3] |= 1 << (n & 7);
      withZipCodes.add(code.state);
    }
    const names = Object.entries(zipcodes.states.full)
      .filter(([, abbreviation]) => withZipCodes.has(abbreviation))
      .map(([name, abbreviation]) => [name.toLowerCase(), abbreviation] as const)
      .sort((a, b) => a[0].localeCompare(b[0]));
    return { known, states: names };
  });
  return data;
}

/** "78701" -> true; "00000", "7870", "78701-1234" -> false (pass the first five digits of a ZIP+4). */
export function isUsZipCode(code: string): boolean {
  if (!/^\d{5}$/.test(code)) return false;
  const n = Number(code);
  return (load().known[n >> 3] & (1 << (n & 7))) !== 0;
}

/** [lower-case name, abbreviation] of the 50 states and DC. */
export function statesWithZipCodes(): ReadonlyArray<readonly [name: string, abbreviation: string]> {
  return load().states;
}

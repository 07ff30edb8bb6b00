// How analytics answers round: shares and rates to 4 decimals (0.1234 = 12.34 %), so a client
// never sees 0.30000000000000004; a share of nothing is 0.

export function rounded(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** part / whole to 4 decimals, 0 when whole is 0. */
export function ratio(part: number, whole: number): number {
  return whole === 0 ? 0 : rounded(part / whole, 4);
}

// Which local days a rollup rebuild may count again after a retention cut: only days all of whose
// raw events, in any zone, are still kept. Earlier days keep their daily counts, the only record of
// them (both engines' rebuilds).

/** The first local day (YYYY-MM-DD) all of whose events, in any zone, are after the cut. */
export function firstCompleteDay(purgedBeforeMs: number | null): string {
  if (purgedBeforeMs === null) return '0000-01-01';
  // Local days start up to 14 h before their UTC day (UTC+14): a day is whole once its UTC start
  // minus 14 h is past the cut, so from the day after (cut + 14 h).
  const safe = new Date(purgedBeforeMs + 14 * 3_600_000);
  return new Date(Date.UTC(safe.getUTCFullYear(), safe.getUTCMonth(), safe.getUTCDate() + 1)).toISOString().slice(0, 10);
}


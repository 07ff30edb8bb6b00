// What an import did, row by row and in total: the counts its summary prints (and its checkpoint
// keeps, so a resumed run reports the whole import), and the notices about single rows.

export interface ImportTally {
  /** Rows read from the file, bad ones included. */
  rows: number;
  created: number;
  updated: number;
  /** Rows whose profile was already stored exactly so: nothing written. */
  unchanged: number;
  /** Rows of places that are gone (closed, below the confidence asked for); nothing written for them... */
  leftOut: number;
  /** ...except this many profiles an earlier import made of them, now removed. */
  removed: number;
  /** Rows refused for what they hold (no name, no point on the map, unreadable). */
  refused: number;
  /** Rows refused because another business holds the same phone number or name and postal code. */
  duplicates: number;
  /** Rows whose profile someone else now owns, or deleted by hand: left as they are. */
  kept: number;
  /** Optional fields dropped from rows that were imported without them. */
  droppedFields: number;
  /** Labels the taxonomy has no kind for, with how many imported profiles got each (the 50 most frequent kept). */
  unmappedCategories: Record<string, number>;
}

export function emptyTally(): ImportTally {
  return { rows: 0, created: 0, updated: 0, unchanged: 0, leftOut: 0, removed: 0, refused: 0, duplicates: 0, kept: 0, droppedFields: 0, unmappedCategories: {} };
}

/** The most frequent labels a tally keeps: enough to show which categories want a mapping. */
const KEPT_LABELS = 50;

export function countUnmapped(tally: ImportTally, label: string, times = 1): void {
  tally.unmappedCategories[label] = (tally.unmappedCategories[label] ?? 0) + times;
  const labels = Object.keys(tally.unmappedCategories);
  if (labels.length <= KEPT_LABELS * 2) return;
  const kept = Object.entries(tally.unmappedCategories).sort((a, b) => b[1] - a[1]).slice(0, KEPT_LABELS);
  tally.unmappedCategories = Object.fromEntries(kept);
}

/** Adds a batch's counts to the run's. */
export function addTally(total: ImportTally, batch: ImportTally): void {
  for (const key of Object.keys(total) as Array<keyof ImportTally>) {
    if (key !== 'unmappedCategories') total[key] += batch[key];
  }
  for (const [label, n] of Object.entries(batch.unmappedCategories)) countUnmapped(total, label, n);
}

/** One row's story, for the operator: a row refused, a duplicate, a field dropped, a profile kept as it is. */
export interface ImportNotice {
  kind: 'refused' | 'duplicate' | 'dropped' | 'kept';
  /** The row's line (text files) or row number (Parquet). */
  line: number;
  sourceId?: string;
  field?: string;
  issue: string;
}

// US states (and DC) with their postal abbreviations, for "in Austin, TX" / "around Chicago IL".
// usStates.json is the zipcodes package's table of the states its US ZIP codes belong to, kept as
// those 51 rows (test/unit/search/usCities.test.ts checks it still equals what the package says):
// every search thread that filters by state needs them, and deriving them would read the package's
// 5 MB of ZIP records in each.
import table from './usStates.json';

const US_STATES: ReadonlyArray<readonly [name: string, abbreviation: string]> = table.map(([name, abbreviation]) => [name, abbreviation] as const);

/** [lower-case name, abbreviation] for the 50 states and DC. */
export function usStates(): ReadonlyArray<readonly [name: string, abbreviation: string]> {
  return US_STATES;
}

/**
 * Abbreviations that are also everyday English words ("in", "or", "me", "hi", "ok"...).
 * They only count as a state when written in capitals or after a comma ("Portland, or").
 */
export const AMBIGUOUS_STATE_ABBREVIATIONS: ReadonlySet<string> = new Set([
  'al', 'co', 'de', 'hi', 'id', 'in', 'la', 'ma', 'me', 'oh', 'ok', 'or', 'pa',
]);

interface UsState {
  /** Lower case, as in usStates(). */
  name: string;
  abbreviation: string;
}

const states: UsState[] = US_STATES.map(([name, abbreviation]) => ({ name, abbreviation }));
const byName = new Map(states.map((state) => [state.name, state]));
const byAbbreviation = new Map(states.map((state) => [state.abbreviation.toLowerCase(), state]));

/** "Texas", "texas", "TX", "tx", "T.X." -> Texas; anything else -> undefined. */
export function usState(nameOrAbbreviation: string): UsState | undefined {
  const key = nameOrAbbreviation.trim().toLowerCase().replace(/\./g, '');
  return byName.get(key) ?? byAbbreviation.get(key);
}

/** "Texas", "texas", "TX", "tx" -> "TX"; anything else -> undefined. */
export function stateAbbreviation(nameOrAbbreviation: string): string | undefined {
  return usState(nameOrAbbreviation)?.abbreviation;
}

/** "or", "Me", "in": a state abbreviation that is also an English word reads as the word unless written in capitals ("OR"). */
export function readsAsEnglishWord(written: string): boolean {
  return written.length === 2 && AMBIGUOUS_STATE_ABBREVIATIONS.has(written.toLowerCase()) && written !== written.toUpperCase();
}

/** Whether a state name or abbreviation has this many words (for greedy phrase matching). */
export const MAX_STATE_NAME_WORDS = 3;

// US states (and DC) with their postal abbreviations, for "in Austin, TX" / "around Chicago IL":
// from the zipcodes package's tables (the states its US ZIP codes belong to, with their names), not a
// hand list; read on first use (usZipCodes.ts).
import { statesWithZipCodes } from './usZipCodes';

/** [lower-case name, abbreviation] for the 50 states and DC. */
export function usStates(): ReadonlyArray<readonly [name: string, abbreviation: string]> {
  return statesWithZipCodes();
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

let lookup: { byName: Map<string, UsState>; byAbbreviation: Map<string, UsState> } | undefined;

/** "Texas", "texas", "TX", "tx", "T.X." -> Texas; anything else -> undefined. */
export function usState(nameOrAbbreviation: string): UsState | undefined {
  if (!lookup) {
    const states: UsState[] = usStates().map(([name, abbreviation]) => ({ name, abbreviation }));
    lookup = { byName: new Map(states.map((state) => [state.name, state])), byAbbreviation: new Map(states.map((state) => [state.abbreviation.toLowerCase(), state])) };
  }
  const key = nameOrAbbreviation.trim().toLowerCase().replace(/\./g, '');
  return lookup.byName.get(key) ?? lookup.byAbbreviation.get(key);
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

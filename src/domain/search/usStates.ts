// US states (and DC) with their postal abbreviations, for "in Austin, TX" / "around Chicago IL":
// from the zipcodes package's tables (the states its US ZIP codes belong to, with their names), not a
// hand list.
import { codes, states as stateTables } from 'zipcodes';

function usStatesFromData(): ReadonlyArray<readonly [name: string, abbreviation: string]> {
  const withZipCodes = new Set(Object.values(codes).filter((code) => code.country === 'US').map((code) => code.state));
  return Object.entries(stateTables.full)
    .filter(([, abbreviation]) => withZipCodes.has(abbreviation))
    .map(([name, abbreviation]) => [name.toLowerCase(), abbreviation] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** [lower-case name, abbreviation] for the 50 states and DC. */
export const US_STATES: ReadonlyArray<readonly [name: string, abbreviation: string]> = usStatesFromData();

/**
 * Abbreviations that are also everyday English words ("in", "or", "me", "hi", "ok"...).
 * They only count as a state when written in capitals or after a comma ("Portland, or").
 */
export const AMBIGUOUS_STATE_ABBREVIATIONS: ReadonlySet<string> = new Set([
  'al', 'co', 'de', 'hi', 'id', 'in', 'la', 'ma', 'me', 'oh', 'ok', 'or', 'pa',
]);

interface UsState {
  /** Lower case, as in US_STATES. */
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

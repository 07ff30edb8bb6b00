// US states (and DC) with their postal abbreviations, for "in Austin, TX" / "around Chicago IL".

export const US_STATES: ReadonlyArray<readonly [name: string, abbreviation: string]> = [
  ['alabama', 'AL'], ['alaska', 'AK'], ['arizona', 'AZ'], ['arkansas', 'AR'], ['california', 'CA'],
  ['colorado', 'CO'], ['connecticut', 'CT'], ['delaware', 'DE'], ['district of columbia', 'DC'],
  ['florida', 'FL'], ['georgia', 'GA'], ['hawaii', 'HI'], ['idaho', 'ID'], ['illinois', 'IL'],
  ['indiana', 'IN'], ['iowa', 'IA'], ['kansas', 'KS'], ['kentucky', 'KY'], ['louisiana', 'LA'],
  ['maine', 'ME'], ['maryland', 'MD'], ['massachusetts', 'MA'], ['michigan', 'MI'], ['minnesota', 'MN'],
  ['mississippi', 'MS'], ['missouri', 'MO'], ['montana', 'MT'], ['nebraska', 'NE'], ['nevada', 'NV'],
  ['new hampshire', 'NH'], ['new jersey', 'NJ'], ['new mexico', 'NM'], ['new york', 'NY'],
  ['north carolina', 'NC'], ['north dakota', 'ND'], ['ohio', 'OH'], ['oklahoma', 'OK'], ['oregon', 'OR'],
  ['pennsylvania', 'PA'], ['rhode island', 'RI'], ['south carolina', 'SC'], ['south dakota', 'SD'],
  ['tennessee', 'TN'], ['texas', 'TX'], ['utah', 'UT'], ['vermont', 'VT'], ['virginia', 'VA'],
  ['washington', 'WA'], ['west virginia', 'WV'], ['wisconsin', 'WI'], ['wyoming', 'WY'],
];

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

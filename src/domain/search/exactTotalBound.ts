/**
 * Counts are exact at least up to this many matches. Beyond it an adapter may stop counting and
 * report a lower bound with `totalIsEstimate` (as web search engines do): counting every one of a
 * million matches would cost more than finding the page asked for.
 */
export const EXACT_TOTAL_BOUND = 10_000;

// The query as the rule parser sees it: the original text (case matters for unknown place
// names) and a lower-case twin of exactly the same length, so a span found in one can be
// blanked in both. Consumed phrases are blanked, so later rules and the leftover terms
// never see them twice.

export interface QueryText {
  original: string;
  lower: string;
}

export interface Token {
  /** Lower case, curly apostrophes straightened. */
  lower: string;
  original: string;
  start: number;
  end: number;
}

export function createQueryText(query: string): QueryText {
  const original = query.normalize('NFKC').replace(/[\u2018\u2019]/g, "'");
  let lower = '';
  // Per code point: a character whose lower case changes length (rare, e.g. U+0130) stays as is.
  for (const ch of original) {
    const l = ch.toLowerCase();
    lower += l.length === ch.length ? l : ch;
  }
  return { original, lower };
}

export function blank(text: QueryText, start: number, end: number): void {
  const pad = ' '.repeat(end - start);
  text.original = text.original.slice(0, start) + pad + text.original.slice(end);
  text.lower = text.lower.slice(0, start) + pad + text.lower.slice(end);
}

/** Runs a global regex over the lower-case text, hands each match to `use`, and blanks it. */
export function consume(text: QueryText, pattern: RegExp, use: (match: RegExpMatchArray) => void): boolean {
  const matches = [...text.lower.matchAll(pattern)];
  for (const m of matches) {
    use(m);
    blank(text, m.index, m.index + m[0].length);
  }
  return matches.length > 0;
}

// Words keep inner apostrophes, hyphens and dots ("joe's", "winston-salem", "st.");
// commas are their own token because they separate "Austin, TX".
const TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}'\-.]*[\p{L}\p{N}])?|,/gu;

export function tokenize(text: QueryText): Token[] {
  const tokens: Token[] = [];
  for (const m of text.lower.matchAll(TOKEN)) {
    const start = m.index;
    const end = start + m[0].length;
    tokens.push({ lower: m[0], original: text.original.slice(start, end), start, end });
  }
  return tokens;
}

/** Wraps an alternation so it only matches whole words (\b is ASCII-only, these are Unicode-aware). */
export function wholeWords(source: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${source})(?![\\p{L}\\p{N}])`, 'gu');
}

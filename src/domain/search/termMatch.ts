// Which query terms a search document mentions, for ranking reasons and personalisation.
// Deliberately simple: case-insensitive whole-word match with plural/suffix tolerance
// ("taco" finds "tacos", "vegan" finds "vegans"); the index does the real stemming.
import type { SearchDocument } from './searchDocument';

const textCache = new WeakMap<SearchDocument, string>();

/** The document's searchable text, lower case (cached per document object). */
export function documentText(doc: SearchDocument): string {
  let text = textCache.get(doc);
  if (text === undefined) {
    text = [doc.name, doc.category, doc.tagline, doc.description, doc.servicesText, doc.exclusiveText]
      .join(' \n ')
      .toLowerCase();
    textCache.set(doc, text);
  }
  return text;
}

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3);
  if (word.length > 3 && word.endsWith('es') && /(?:s|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export type TermMatcher = (doc: SearchDocument) => string[];

/** Compiles the terms once; the matcher returns the terms (as given) that the document mentions. */
export function createTermMatcher(terms: string[]): TermMatcher {
  const patterns = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter(Boolean))].map((term) => {
    const stems = term.split(/\s+/).map(stem);
    const words = stems.map((w) => escape(w) + '\\p{L}{0,3}');
    return {
      term,
      // Every match contains the first word's stem: a plain substring scan rules most documents
      // out before the (much slower) unicode-aware pattern runs over the whole text.
      mustContain: stems[0],
      re: new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?![\\p{L}\\p{N}])`, 'u'),
    };
  });
  return (doc) => {
    if (patterns.length === 0) return [];
    const text = documentText(doc);
    return patterns.filter((p) => text.includes(p.mustContain) && p.re.test(text)).map((p) => p.term);
  };
}

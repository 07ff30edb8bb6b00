// The SQL function behind time filters (searchPlan.ts OPENING_FUNCTION): the rules are the
// domain's (openingFilter.ts), so the embedded index cannot drift from them.
import { encodeSchedule, type OpeningFilter, scheduleMatcher } from '../../../domain/search/openingFilter';
import type { SearchDocument } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import { OPENING_FUNCTION } from './searchPlan';

const OPEN_BRACE = 123;

/**
 * Filters kept with the codes they decided. A filter names its minute, so searches within a minute
 * ("open now", "open late", "open on Sunday") share their answers: deciding one code costs a few
 * µs, and 100 000 businesses have tens of thousands of distinct codes.
 */
const REMEMBERED_FILTERS = 4;

export function registerOpeningFunction(db: SqliteDatabase): void {
  const matchers = new Map<string, (code: string) => boolean>();
  const matcherFor = (filter: string): ((code: string) => boolean) => {
    let matches = matchers.get(filter);
    if (!matches) {
      if (matchers.size >= REMEMBERED_FILTERS) matchers.delete(matchers.keys().next().value as string);
      matches = scheduleMatcher(JSON.parse(filter) as OpeningFilter);
      matchers.set(filter, matches);
    }
    return matches;
  };
  db.function(OPENING_FUNCTION, { deterministic: true }, (codeOrDocument, filter) => {
    const matches = matcherFor(String(filter));
    const text = String(codeOrDocument);
    // A row from before the opening column: its document is JSON.
    const code = text.charCodeAt(0) === OPEN_BRACE ? encodeSchedule(JSON.parse(text) as SearchDocument) : text;
    return matches(code) ? 1 : 0;
  });
}

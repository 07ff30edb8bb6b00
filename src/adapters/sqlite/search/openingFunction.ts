// The SQL function behind time filters (searchPlan.ts OPENING_FUNCTION): the rules are the
// domain's (openingFilter.ts), so the embedded index cannot drift from them.
import { encodeSchedule, type OpeningFilter, scheduleMatcher } from '../../../domain/search/openingFilter';
import type { SearchDocument } from '../../../ports/searchIndex';
import type { SqliteDatabase } from '../openDatabase';
import { OPENING_FUNCTION } from './searchPlan';

const OPEN_BRACE = 123;

export function registerOpeningFunction(db: SqliteDatabase): void {
  // One search tests many rows against one filter: keep its matcher (and the codes it decided)
  // until the filter changes.
  let filterJson = '';
  let matches: (code: string) => boolean = () => false;
  db.function(OPENING_FUNCTION, { deterministic: true }, (codeOrDocument, filter) => {
    if (filter !== filterJson) {
      filterJson = String(filter);
      matches = scheduleMatcher(JSON.parse(filterJson) as OpeningFilter);
    }
    const text = String(codeOrDocument);
    // A row from before the opening column: its document is JSON.
    const code = text.charCodeAt(0) === OPEN_BRACE ? encodeSchedule(JSON.parse(text) as SearchDocument) : text;
    return matches(code) ? 1 : 0;
  });
}

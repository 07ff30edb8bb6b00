// How deep a listing (directory, partner search) pages. Elasticsearch serves the first 10 000
// results of a query (index.max_result_window); the embedded index answers the same pages, so a
// client sees one behaviour on either engine. `total` still counts every match.
export const LISTING_RESULT_WINDOW = 10_000;

/** The page the index is asked for: cut where the window ends (limit 0 past it). */
export function windowedPage(page: { limit: number; offset: number }): { limit: number; offset: number } {
  return { offset: page.offset, limit: Math.max(0, Math.min(page.limit, LISTING_RESULT_WINDOW - page.offset)) };
}

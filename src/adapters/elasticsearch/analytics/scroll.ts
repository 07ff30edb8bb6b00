// Reading and deleting every document a query matches, page by page with a scroll: the minimal
// Elasticsearch distribution has neither point-in-time nor delete-by-query. Used by the rebuild,
// the rollup catch-up and retention's key clean-up.
import type { Client, estypes } from '@elastic/elasticsearch';
import { sendBulk } from './bulkRequests';

/** Every hit of a query, page by page (a scroll: no point-in-time on the minimal distribution). */
export async function* scrollAll<T>(client: Client, request: estypes.SearchRequest, pageSize = 5000): AsyncGenerator<estypes.SearchHit<T>[]> {
  let page = await client.search<T>({ ...request, scroll: '2m', size: pageSize, ignore_unavailable: true, allow_no_indices: true });
  try {
    while (page.hits.hits.length > 0) {
      yield page.hits.hits;
      if (!page._scroll_id) return;
      page = await client.scroll<T>({ scroll_id: page._scroll_id, scroll: '2m' });
    }
  } finally {
    if (page._scroll_id) await client.clearScroll({ scroll_id: page._scroll_id }).catch(() => undefined);
  }
}

/** Deletes every document `query` matches in `index`; false when some delete failed. */
export async function deleteMatching(client: Client, index: string, query: estypes.QueryDslQueryContainer): Promise<boolean> {
  let deleted = true;
  for await (const hits of scrollAll(client, { index, query, _source: false })) {
    const answer = await sendBulk(client, hits.map((hit) => ({ delete: { _index: hit._index, _id: hit._id } })));
    deleted &&= !answer.errors;
  }
  return deleted;
}

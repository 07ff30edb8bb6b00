// A named kind never empties the answer by itself: when the kinds a sentence named
// ("emergency plumber") filter every business away, the same search runs once more without that
// filter, matching the kinds' names and search terms as words. A business filed as "home-services"
// whose profile says it fixes leaks is then found, and the summary says plainly that it is not
// listed as a plumber. Only when that finds nothing either does the answer advise checking the
// spelling. A request's own `category` is the caller's filter and is never dropped.
import { kindPhrases, kindWords } from '../../domain/search/categoryWords';
import { isFillerWord, type SearchIntent } from '../../domain/search/intent';
import type { SearchQuery } from '../../ports/searchIndex';
import { type ConsumerSearchInput, searchText } from './searchPlan';

/** The query without the named kinds' filter, or undefined when the sentence named no kind. */
export function withoutNamedKinds(input: Pick<ConsumerSearchInput, 'category'>, intent: SearchIntent, query: SearchQuery): SearchQuery | undefined {
  const named = intent.namedCategories ?? [];
  if (input.category !== undefined || named.length === 0 || !query.categoryKeys) return undefined;
  const { categoryKeys: _dropped, ...rest } = query;
  // A kind's generic words ("shop" of "Repair Shop") would find every shop.
  const text = [searchText(intent), ...kindWords(named).filter((word) => !isFillerWord(word))].join(' ').trim();
  return {
    ...rest,
    text,
    textComplete: true,
    categoryPhrases: kindPhrases(intent.categories),
    sort: 'relevance',
    order: 'desc',
  };
}

// The language-model port: optional query understanding and summary writing.
// Adapter: adapters/openai (any OpenAI-compatible endpoint). Callers own the time budget
// and pass an AbortSignal; implementations must not retry on their own, and every failure
// (including a malformed answer) rejects so the caller can fall back to the rules/template.
import type { SearchIntent } from '../domain/search/intent';

export interface SummaryBusiness {
  name: string;
  category: string;
  /** Grounded facts from our data: 'rated 4.8 from 120 reviews', '1.2 km away', 'in Austin, TX'. */
  facts: string[];
}

export interface LanguageModel {
  /** The model's name, for the disclosure a generated summary carries. */
  readonly model?: string;
  extractIntent(query: string, signal: AbortSignal): Promise<SearchIntent>;
  summarise(input: { query: string; businesses: SummaryBusiness[] }, signal: AbortSignal): Promise<string>;
}

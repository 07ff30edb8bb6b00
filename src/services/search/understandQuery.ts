// Query understanding with an optional language model: the rules always run (they are
// microseconds); the model, when configured, gets `budgetMs` and its answer is merged over
// the rules, after groundIntent drops what the sentence does not support. Any failure - error,
// timeout, malformed answer - leaves the rules' intent.
import type { LanguageModel } from '../../ports/llm';
import { groundModelIntent } from '../../domain/search/groundIntent';
import { parseIntentByRules, type ReadingOptions, type SearchIntent } from '../../domain/search/intent';
import { mergeIntents } from '../../domain/search/mergeIntents';
import { BudgetExceededError, withBudget } from '../../domain/search/timeBudget';

export const INTENT_BUDGET_MS = 800;

export interface UnderstoodQuery {
  intent: SearchIntent;
  source: 'rules' | 'llm';
  /** Why the model's answer was not used, for logs and metrics. */
  fallbackReason?: 'timeout' | 'error';
  /** The failure itself (an HTTP status, "cut off", "not JSON"), for the log line. */
  fallbackDetail?: string;
}

export async function understandQuery(query: string, llm?: LanguageModel, budgetMs: number = INTENT_BUDGET_MS, reading: ReadingOptions = {}): Promise<UnderstoodQuery> {
  const rules = parseIntentByRules(query, reading);
  if (!llm) return { intent: rules, source: 'rules' };
  try {
    const answer = await withBudget((signal) => llm.extractIntent(query, signal), budgetMs);
    return { intent: mergeIntents(rules, groundModelIntent(query, rules, answer)), source: 'llm' };
  } catch (error) {
    return {
      intent: rules,
      source: 'rules',
      fallbackReason: error instanceof BudgetExceededError ? 'timeout' : 'error',
      fallbackDetail: error instanceof Error ? error.message : String(error),
    };
  }
}

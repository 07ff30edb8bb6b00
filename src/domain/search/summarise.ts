// The `response` text of consumer search. The template is the default and the fallback;
// with a language model the model writes the text from the returned businesses only, within
// `budgetMs`, and its text is used only if the grounding check passes.
import type { LanguageModel, SummaryBusiness } from '../../ports/llm';
import { isGrounded } from './groundedSummary';
import type { RankedResult } from './ranking';
import { type SummaryRequest, templateSummary } from './summaryTemplate';
import { BudgetExceededError, withBudget } from './timeBudget';

export const SUMMARY_BUDGET_MS = 2500;
const MAX_SUMMARY_CHARS = 1500;
const MAX_TAGLINE_CHARS = 140;

export interface Summary {
  text: string;
  source: 'template' | 'llm';
  fallbackReason?: 'timeout' | 'error' | 'ungrounded';
}

/** The facts the model may use for one business: what ranking said, where it is, its tagline. */
export function summaryBusiness(result: RankedResult): SummaryBusiness {
  const doc = result.document;
  const facts = [...result.reasons];
  const where = [doc.address.city, doc.address.state].filter(Boolean).join(', ');
  if (where) facts.push(`in ${where}`);
  const tagline = doc.tagline?.trim();
  if (tagline) facts.push(`tagline: ${tagline.slice(0, MAX_TAGLINE_CHARS)}`);
  return { name: doc.name, category: doc.category, facts };
}

export interface SummariseOptions {
  llm?: LanguageModel;
  budgetMs?: number;
  /** Names of other candidate businesses the search saw (for the grounding check). */
  knownNames?: string[];
}

export async function summarise(request: SummaryRequest, ranked: RankedResult[], total: number, options: SummariseOptions = {}): Promise<Summary> {
  const { llm, budgetMs = SUMMARY_BUDGET_MS, knownNames = [] } = options;
  const { query } = request;
  const template = (): string => templateSummary(request, ranked, total);
  // Nothing to describe: the template's "nothing matched" advice is better than prose.
  if (!llm || ranked.length === 0) return { text: template(), source: 'template' };
  const businesses = ranked.map(summaryBusiness);
  let text: string;
  try {
    text = (await withBudget((signal) => llm.summarise({ query, businesses }, signal), budgetMs)).trim();
  } catch (error) {
    return { text: template(), source: 'template', fallbackReason: error instanceof BudgetExceededError ? 'timeout' : 'error' };
  }
  const allowed = businesses.map((b) => b.name);
  const vocabulary = [query, ...businesses.flatMap((b) => [b.category, ...b.facts])];
  if (text.length === 0 || text.length > MAX_SUMMARY_CHARS || !isGrounded(text, allowed, [...allowed, ...knownNames], vocabulary)) {
    return { text: template(), source: 'template', fallbackReason: 'ungrounded' };
  }
  return { text, source: 'llm' };
}

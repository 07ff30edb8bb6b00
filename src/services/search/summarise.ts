// The `response` text of consumer search. The template is the default and the fallback;
// with a language model the model writes the text from the returned businesses only, within
// `budgetMs`, and its text is used only if the grounding check passes.
import { closedPhrase, documentStatus } from '../../domain/freshness/operatingStatus';
import type { LanguageModel, SummaryBusiness } from '../../ports/llm';
import type { RankedResult } from '../../domain/search/ranking';
import { summaryProblem } from '../../domain/search/summaryCheck';
import { type SummaryRequest, templateSummary, unmatchedNote } from '../../domain/search/summaryTemplate';
import { BudgetExceededError, withBudget } from '../../domain/search/timeBudget';

export const SUMMARY_BUDGET_MS = 2500;
const MAX_SUMMARY_CHARS = 1500;
const MAX_TAGLINE_CHARS = 140;

export interface Summary {
  text: string;
  source: 'template' | 'llm';
  fallbackReason?: 'timeout' | 'error' | 'ungrounded';
  /** What exactly went wrong (an HTTP status, "names none of the returned businesses"), for the log line. */
  fallbackDetail?: string;
}

/**
 * The model's text as a plain sentence: the prompt asks for no markdown, but models add it anyway
 * (a fenced block, **bold**, bullets), and the API's `response` is plain text read as is.
 */
export function plainSummary(text: string): string {
  return text
    // [ \t]*, not \s*: under the m flag \s* would run across blank lines from every line start.
    .replace(/^[ \t]*```[\w-]*[ \t]*$/gm, '')
    .replace(/^[ \t]*(?:#{1,6}[ \t]+|[-*\u2022][ \t]+|\d+[.)][ \t]+)/gm, '')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The facts the model may use for one business: what ranking said, where it is, its tagline. */
export function summaryBusiness(result: RankedResult): SummaryBusiness {
  const doc = result.document;
  const closed = closedPhrase(documentStatus(doc));
  const facts = [...(closed ? [closed] : []), ...result.reasons];
  const where = [doc.address.city, doc.address.state].filter(Boolean).join(', ');
  if (where) facts.push(`in ${where}`);
  const tagline = doc.tagline.trim();
  if (tagline) facts.push(`tagline: ${tagline.slice(0, MAX_TAGLINE_CHARS)}`);
  return { name: doc.name, category: doc.category, facts };
}

export interface SummariseOptions {
  llm?: LanguageModel;
  budgetMs?: number;
  /** Names of other candidate businesses the search saw (for the grounding check). */
  knownNames?: string[];
  /** `total` is a lower bound (more matched than the index counted): the template says "at least". */
  totalIsEstimate?: boolean;
}

export async function summarise(request: SummaryRequest, ranked: RankedResult[], total: number, options: SummariseOptions = {}): Promise<Summary> {
  const { llm, budgetMs = SUMMARY_BUDGET_MS, knownNames = [], totalIsEstimate = false } = options;
  const { query } = request;
  const template = (): string => templateSummary(request, ranked, total, totalIsEstimate);
  // The model describes only what was asked for: given nothing else, it cannot present a
  // business that is not a match as one. Nothing to describe, or nothing found that was asked for:
  // the template's plain answer is better than prose.
  const matching = ranked.filter((result) => result.matchesQuery !== false);
  // Widened past the kinds named: the template says so plainly, a model would not.
  if (!llm || matching.length === 0 || request.noneMatch || request.widened) return { text: template(), source: 'template' };
  const businesses = matching.map(summaryBusiness);
  const others = ranked.filter((result) => result.matchesQuery === false).map((result) => result.document.name);
  let text: string;
  try {
    const raw = await withBudget((signal) => llm.summarise({ query, businesses }, signal), budgetMs);
    // Markdown stripping is linear, but nothing longer than twice the limit can pass anyway.
    text = raw.length > 2 * MAX_SUMMARY_CHARS ? raw : plainSummary(raw);
  } catch (error) {
    const fallbackReason = error instanceof BudgetExceededError ? 'timeout' : 'error';
    return { text: template(), source: 'template', fallbackReason, fallbackDetail: error instanceof Error ? error.message : String(error) };
  }
  const allowed = businesses.map((b) => b.name);
  const problem = text.length > MAX_SUMMARY_CHARS
    ? `longer than ${MAX_SUMMARY_CHARS} characters`
    : summaryProblem(text, {
      allowedNames: allowed,
      allNames: [...allowed, ...others, ...knownNames],
      vocabulary: [query, ...businesses.flatMap((b) => [b.category, ...b.facts])],
      counts: [ranked.length, total],
    });
  if (problem) return { text: template(), source: 'template', fallbackReason: 'ungrounded', fallbackDetail: problem };
  return { text: `${text}${unmatchedNote(request, ranked)}${closureNote(text, matching)}`, source: 'llm' };
}

/** The model may leave a closure out: said after its summary, for every business it named that is closed for now. */
export function closureNote(text: string, shown: RankedResult[]): string {
  const lower = text.toLowerCase();
  const unsaid = shown.flatMap((result) => {
    const closed = closedPhrase(documentStatus(result.document));
    return closed && lower.includes(result.document.name.toLowerCase()) && !lower.includes('closed') ? [`${result.document.name} is ${closed}.`] : [];
  });
  return unsaid.length > 0 ? ` ${unsaid.join(' ')}` : '';
}

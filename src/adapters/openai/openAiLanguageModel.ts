// LanguageModel over the OpenAI chat-completions API (or any compatible server via
// baseURL). The SDK never retries (maxRetries 0): the caller owns the time budget and
// falls back to the rules/template, so a retry would only spend budget it does not have.
import OpenAI from 'openai';
import { UnavailableError } from '../../domain/errors';
import { CANONICAL_CATEGORIES } from '../../domain/search/categorySynonyms';
import type { SearchIntent } from '../../domain/search/intent';
import type { LanguageModel, SummaryBusiness } from '../../ports/llm';
import { INTENT_JSON_SCHEMA, INTENT_SCHEMA_NAME, parseIntentAnswer } from './intentSchema';

export interface OpenAiLanguageModelOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Transport timeout, a backstop behind the caller's budget. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export const INTENT_INSTRUCTIONS = [
  'You turn a consumer\'s search for local businesses in the United States into a structured intent.',
  `Pick categories only from this list: ${CANONICAL_CATEGORIES.join(', ')}.`,
  'Put specific dishes, products or services (e.g. "pizza", "oil change") in serviceTerms and other meaningful words',
  '(e.g. "vegan", "gluten-free") in terms, lower case, without filler words.',
  'Fill place only when the query names a place (state as a two-letter code); "near me" is not a place.',
  'Times go in when: openAt / openUntil as 24-hour HH:MM in the business\'s local time, relativeDay for today, tonight or tomorrow,',
  'allDay for 24 hours.',
  'Use null for anything the query does not say. Never invent details.',
].join(' ');

export const SUMMARY_INSTRUCTIONS = [
  'You write a short, friendly summary (at most 3 sentences) of local search results for a consumer.',
  'Use ONLY the businesses in the provided list and ONLY the facts given for them.',
  'Mention businesses by their exact names. Never mention, suggest or invent any other business, place name or fact.',
  'If a fact is not given, do not state it. Plain text, no markdown, no lists.',
].join(' ');

function failure(error: unknown, signal: AbortSignal): Error {
  // Our own abort (the budget) is not an outage; pass its reason through unchanged.
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : new Error('aborted');
  const status = error instanceof OpenAI.APIError && error.status ? ` (status ${error.status})` : '';
  return new UnavailableError(`Language model request failed${status}`);
}

export function createOpenAiLanguageModel(options: OpenAiLanguageModelOptions): LanguageModel {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    maxRetries: 0,
    timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });

  async function complete(body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, signal: AbortSignal): Promise<string> {
    let completion: OpenAI.Chat.ChatCompletion;
    try {
      completion = await client.chat.completions.create(body, { signal });
    } catch (error) {
      throw failure(error, signal);
    }
    const message = completion.choices[0]?.message;
    if (!message || message.refusal) throw new UnavailableError('Language model gave no answer');
    return message.content ?? '';
  }

  return {
    async extractIntent(query: string, signal: AbortSignal): Promise<SearchIntent> {
      const content = await complete(
        {
          model: options.model,
          messages: [
            { role: 'system', content: INTENT_INSTRUCTIONS },
            { role: 'user', content: query },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: { name: INTENT_SCHEMA_NAME, strict: true, schema: INTENT_JSON_SCHEMA as unknown as Record<string, unknown> },
          },
        },
        signal,
      );
      return parseIntentAnswer(content);
    },

    async summarise(input: { query: string; businesses: SummaryBusiness[] }, signal: AbortSignal): Promise<string> {
      const context = JSON.stringify({ query: input.query, businesses: input.businesses });
      const content = await complete(
        {
          model: options.model,
          messages: [
            { role: 'system', content: SUMMARY_INSTRUCTIONS },
            { role: 'user', content: `Search results (the only businesses you may mention):\n${context}` },
          ],
        },
        signal,
      );
      const text = content.trim();
      if (!text) throw new UnavailableError('Language model gave an empty summary');
      return text;
    },
  };
}

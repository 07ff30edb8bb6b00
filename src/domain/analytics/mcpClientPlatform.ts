// The AI platform an MCP session is attributed to, read from the client's own name
// in `initialize` (clientInfo.name: "claude-ai", "ChatGPT", "gemini-cli", ...). Names are matched
// by the product word they contain; anything else (an IDE, a script, our tests' clients) is `other`.
import type { BUILT_IN_PLATFORMS } from './analyticsEvent';

type Platform = (typeof BUILT_IN_PLATFORMS)[number];

// First match wins; the words are whole-word-ish parts of the lower-cased name.
const PRODUCT_WORDS: ReadonlyArray<[RegExp, Platform]> = [
  [/claude|anthropic/, 'claude'],
  [/chatgpt|openai/, 'chatgpt'],
  [/gemini|google/, 'gemini'],
  [/perplexity/, 'perplexity'],
  [/copilot/, 'copilot'],
  [/meta[ _.-]?ai|\bllama\b/, 'meta_ai'],
];

export function platformOfMcpClient(clientName: string | undefined): Platform {
  const name = (clientName ?? '').toLowerCase();
  for (const [word, platform] of PRODUCT_WORDS) if (word.test(name)) return platform;
  return 'other';
}

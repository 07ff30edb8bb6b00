// What a tool handler needs from the transport that carried the call: who is calling, on which
// platform, and how its work becomes a tool result.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../domain/principal';
import type { AnswerOrigin } from '../services/summaries/summaryDisclosures';

/** The SDK's per-request extra: HTTP puts the request's principal in authInfo.extra. */
export type ToolExtra = { authInfo?: { extra?: Record<string, unknown> } };

/** Who is calling this tool (per request: a revoked key fails on its next call), the session's platform, and where the answer goes out from. */
export interface ToolCaller {
  principal(extra: ToolExtra): Principal | Promise<Principal>;
  platform(): string;
  answerOrigin(extra: ToolExtra): AnswerOrigin;
}

/** Runs a tool's work: its value as structured content, a refusal as a tool error. */
export type ToolAnswer = (work: () => Promise<Record<string, unknown>>) => Promise<CallToolResult>;


// What a tool handler needs from the transport that carried the call: who is calling, on which
// platform, and how its work becomes a tool result.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../domain/principal';

/** The SDK's per-request extra: HTTP puts the request's principal in authInfo.extra. */
export type ToolExtra = { authInfo?: { extra?: Record<string, unknown> } };

/** Who is calling this tool (per request: a revoked key fails on its next call), and the session's platform. */
export interface ToolCaller {
  principal(extra: ToolExtra): Principal | Promise<Principal>;
  platform(): string;
}

/** Runs a tool's work: its value as structured content, a refusal as a tool error. */
export type ToolAnswer = (work: () => Promise<Record<string, unknown>>) => Promise<CallToolResult>;


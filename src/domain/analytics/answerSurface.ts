// The surface an answer naming businesses was given on, for analytics. A REST endpoint is the
// surface of its operation (consumer search, partner search); an assistant transport is its own
// surface whatever the operation, so consumer search over MCP counts as an MCP answer.
import type { AnalyticsSurface } from './analyticsEvent';

/** The surfaces REST endpoints answer on. */
export type EndpointSurface = Extract<AnalyticsSurface, 'consumer' | 'partner'>;

/** The transports an answer is carried by (core/operation.ts Transport). */
type Carrier = 'rest' | Extract<AnalyticsSurface, 'graphql' | 'mcp'>;

export function answerSurface(carrier: Carrier, endpoint: EndpointSurface): AnalyticsSurface {
  return carrier === 'rest' ? endpoint : carrier;
}

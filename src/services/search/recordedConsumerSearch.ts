// Consumer search for the surfaces beyond REST (MCP, GraphQL; issue 23): the REST route's own
// body schema (ajv: limits, defaults, the same field and issue on refusal), the same search, and
// the answer recorded for analytics like REST's, under the surface and platform of the caller.
import type { AnalyticsSurface } from '../../domain/analytics/analyticsEvent';
import type { Principal } from '../../domain/principal';
import { bodyChecker } from '../../http/validate';
import { type ConsumerSearchBody, consumerSearchBodySchema } from '../../schemas/endpoints/consumerSearch';
import type { RecordAnswer } from '../analytics/answerRecording';
import type { ConsumerSearch, ConsumerSearchResult } from './consumerSearch';

const checkBody = bodyChecker(consumerSearchBodySchema);

export interface SearchArguments {
  query: string;
  location?: { lat: number; lon: number };
  /** "5km", "10mi"; applies around location. */
  radius?: string;
  category?: string;
  limit?: number;
  offset?: number;
  sessionId?: string;
}

export function createRecordedConsumerSearch(deps: { consumerSearch: ConsumerSearch; recordAnswer: RecordAnswer }) {
  return async function search(principal: Principal, args: SearchArguments, answeredOn: { surface: AnalyticsSurface; platform: string }): Promise<ConsumerSearchResult> {
    const { sessionId, radius, location, ...rest } = args;
    // Absent arguments stay absent (GraphQL sends null for them): the schema's defaults apply.
    const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
    const body = checkBody({ ...defined, ...(location && { location: { ...location, ...(radius != null && { distance: radius }) } }) }) as ConsumerSearchBody;
    const result = await deps.consumerSearch(principal, body, sessionId ?? undefined);
    deps.recordAnswer({
      principal,
      ...answeredOn,
      journeyId: result.sessionId,
      query: result.correctedQuery ?? result.query,
      businesses: result.results.map((ranked) => ranked.document),
      summary: result.response,
    });
    return result;
  };
}

export type RecordedConsumerSearch = ReturnType<typeof createRecordedConsumerSearch>;

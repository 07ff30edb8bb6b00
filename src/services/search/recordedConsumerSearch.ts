// Consumer search for the surfaces beyond REST (MCP, GraphQL; issue 23): the REST route's own
// body schema (ajv: limits, defaults, the same field and issue on refusal) and the same search,
// whose record stage records the answer for analytics under the surface and platform of the caller.
import type { Principal } from '../../domain/principal';
import { bodyChecker } from '../../schemas/check';
import { type ConsumerSearchBody, consumerSearchBodySchema } from '../../schemas/endpoints/consumerSearch';
import type { AnsweredOn, ConsumerSearch, ConsumerSearchResult } from './consumerSearch';

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

export function createRecordedConsumerSearch(deps: { consumerSearch: ConsumerSearch }) {
  return async function search(principal: Principal, args: SearchArguments, answeredOn: AnsweredOn): Promise<ConsumerSearchResult> {
    const { sessionId, radius, location, ...rest } = args;
    // Absent arguments stay absent (GraphQL sends null for them): the schema's defaults apply.
    const defined = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined && value !== null));
    const body = checkBody({ ...defined, ...(location && { location: { ...location, ...(radius != null && { distance: radius }) } }) }) as ConsumerSearchBody;
    return deps.consumerSearch(principal, body, sessionId ?? undefined, answeredOn);
  };
}

export type RecordedConsumerSearch = ReturnType<typeof createRecordedConsumerSearch>;

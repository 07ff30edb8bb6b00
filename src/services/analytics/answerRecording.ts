// Records the events of an answer the service gave (issue 18). Every surface that answers with
// businesses calls this one function after it has its answer: consumer and partner search today,
// MCP tools and GraphQL with surface 'mcp' / 'graphql'. It only enqueues (EventRecorder.record
// never waits), so it adds no round trip to the answer.
import { answerEvents, type AnsweredBusiness } from '../../domain/analytics/answerEvents';
import type { AnalyticsSurface } from '../../domain/analytics/analyticsEvent';
import { randomBase62 } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import type { EventRecorder } from '../../ports/eventRecorder';

export interface RecordAnswerInput {
  /** The caller: its environment keeps sandbox events in sandbox analytics. */
  principal: Pick<Principal, 'environment'>;
  surface: AnalyticsSurface;
  /** From PlatformRegistry.resolve(principal.platform, X-AI-Platform header). */
  platform: string;
  /** The consumer's session id (X-Session-ID / sessionId), when there is one. */
  journeyId?: string;
  query?: string;
  /** The businesses of the answer, in the order shown. */
  businesses: readonly AnsweredBusiness[];
  /** The generated summary text, when the surface writes one (citations are read from it). */
  summary?: string;
}

export type RecordAnswer = (input: RecordAnswerInput) => void;

export const newEventId = () => `evt_${randomBase62(22)}`;

export function createAnswerRecording(deps: { recorder: EventRecorder; clock: () => Date }): RecordAnswer {
  const { recorder, clock } = deps;
  return (input) => {
    if (input.businesses.length === 0) return;
    recorder.record(
      answerEvents(
        {
          environment: input.principal.environment,
          surface: input.surface,
          platform: input.platform,
          journeyId: input.journeyId,
          query: input.query,
          businesses: input.businesses,
          summary: input.summary,
          at: clock(),
        },
        newEventId,
      ),
    );
  };
}

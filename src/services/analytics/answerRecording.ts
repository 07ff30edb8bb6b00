// Records the events of an answer the service gave (issue 18). Every surface that answers with
// businesses calls this one function after it has its answer: consumer and partner search today,
// MCP tools and GraphQL with surface 'mcp' / 'graphql'. It only enqueues (EventRecorder.record
// never waits), so it adds no round trip to the answer.
import { type Answer, answerEvents } from '../../domain/analytics/answerEvents';
import { randomBase62 } from '../../domain/ids';
import type { Principal } from '../../domain/principal';
import type { Logger } from '../../logger';
import type { EventRecorder } from '../../ports/eventRecorder';

/**
 * One answer: the caller (its environment keeps sandbox events in sandbox analytics), the surface,
 * the platform (PlatformRegistry.resolve), the journey (session id) when there is one, the query,
 * the businesses in the order shown and the generated summary when the surface writes one.
 */
export type RecordAnswerInput = Omit<Answer, 'environment' | 'at'> & { principal: Pick<Principal, 'environment'> };

export type RecordAnswer = (input: RecordAnswerInput) => void;

export const newEventId = () => `evt_${randomBase62(22)}`;

export function createAnswerRecording(deps: { recorder: EventRecorder; clock: () => Date; logger: Pick<Logger, 'warn'> }): RecordAnswer {
  const { recorder, clock, logger } = deps;
  return (input) => {
    if (input.businesses.length === 0) return;
    const { principal, ...answer } = input;
    try {
      recorder.record(answerEvents({ ...answer, environment: principal.environment, at: clock() }, newEventId));
    } catch (error) {
      // Analytics must never fail the answer it describes: log and go on without its events.
      logger.warn({ err: (error as Error).message, surface: input.surface }, 'could not record the events of an answer');
    }
  };
}

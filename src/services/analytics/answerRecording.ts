// Records the events of an answer the service gave. Every surface that answers with
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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Epoch milliseconds in 8 base62 digits (enough until the year 8000), so ids sort by time. */
function timePrefix(ms: number): string {
  let out = '';
  for (let rest = Math.floor(ms), i = 0; i < 8; i += 1, rest = Math.floor(rest / 62)) out = BASE62[rest % 62] + out;
  return out;
}

/**
 * `evt_` + the time (8 characters) + 14 random ones (~83 bits). Time first: the store's
 * de-duplication index then grows at its end, like an append, instead of taking each new id on
 * a random page (at ten million events most of those pages are no longer in memory).
 */
export const newEventId = () => `evt_${timePrefix(Date.now())}${randomBase62(14)}`;

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

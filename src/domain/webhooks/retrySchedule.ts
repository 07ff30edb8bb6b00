// The Standard Webhooks retry schedule: after the first attempt, 5 s, 5 min, 30 min, 2 h, 5 h,
// then 10 h apart until about three days have gone by (67 h 35 min after the first attempt).
// Each delay is jittered by up to ±20% so that receivers coming back up are not hit by every
// retry at the same second.
export type RetrySchedule = readonly number[];

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const STANDARD_RETRY_SCHEDULE: RetrySchedule = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR];

export const JITTER = 0.2;

/**
 * Delay before the next attempt after `failedAttempts` attempts failed; null when the schedule
 * is used up. `random` in [0, 1) (injectable so tests can pin it).
 */
export function nextRetryDelay(schedule: RetrySchedule, failedAttempts: number, random: () => number = Math.random): number | null {
  const base = (schedule as readonly (number | undefined)[])[failedAttempts - 1];
  if (base === undefined) return null;
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

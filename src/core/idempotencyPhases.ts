/** The instants of an idempotent request a crash test may stop its process at (IDEMPOTENCY_KILL_AT): before the write, after it, after the answer was stored. */
export const IDEMPOTENCY_PHASES = ['claimed', 'written', 'answered'] as const;
export type IdempotencyPhase = (typeof IDEMPOTENCY_PHASES)[number];

/**
 * The instants between a provider event's arrival and its handling where a crash test may stop its
 * process (PAYMENT_KILL_AT): stored in the inbox but not yet acknowledged, handled but not yet
 * marked handled.
 */
export const PAYMENT_EVENT_PHASES = ['event_stored', 'event_handled'] as const;
export type PaymentEventPhase = (typeof PAYMENT_EVENT_PHASES)[number];

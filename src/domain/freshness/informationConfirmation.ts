// When a profile's information was last confirmed, and when it should be again: an owner confirms
// it (POST /business/profile/{id}/confirm), or an admin's approval of a verification request
// vouches for it. Information older than the operator's CONFIRM_INFORMATION_AFTER_DAYS is due for
// confirmation: the profile status recommends it, and search and the public page show its age.
export const VERIFIED_BY = ['owner', 'verification'] as const;
export type VerifiedBy = (typeof VERIFIED_BY)[number];

export const DEFAULT_CONFIRM_AFTER_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ConfirmationState {
  lastVerifiedAt: string | null;
  lastVerifiedBy: VerifiedBy | null;
  /** The day (UTC) confirmation becomes due: confirmAfterDays after the last confirmation, or after creation when never confirmed. */
  confirmBy: string;
  confirmationDue: boolean;
}

export function confirmationState(profile: { lastVerifiedAt?: string; lastVerifiedBy?: VerifiedBy; createdAt: string }, confirmAfterDays: number, now: Date): ConfirmationState {
  const since = profile.lastVerifiedAt ?? profile.createdAt;
  const due = new Date(Date.parse(since) + confirmAfterDays * DAY_MS);
  return {
    lastVerifiedAt: profile.lastVerifiedAt ?? null,
    lastVerifiedBy: profile.lastVerifiedBy ?? null,
    confirmBy: due.toISOString().slice(0, 10),
    confirmationDue: due.getTime() <= now.getTime(),
  };
}

/** The profile status's advice when confirmation is due. */
export function confirmationAdvice(state: ConfirmationState, confirmAfterDays: number): string | undefined {
  if (!state.confirmationDue) return undefined;
  const last = state.lastVerifiedAt ? `it was last confirmed on ${state.lastVerifiedAt.slice(0, 10)}` : 'it has never been confirmed';
  return `Confirm that your information is still correct (POST /v1/business/profile/{businessId}/confirm): ${last}, and assistants trust information confirmed within ${confirmAfterDays} days.`;
}

// Whether a business is trading (the freshness signals of docs/visibility.md): open, temporarily
// closed (with the day it expects to reopen, when known) or permanently closed. The owner says so;
// search leaves permanently closed businesses out and says when one is temporarily closed, and the
// public page, its JSON-LD and its Markdown carry the same words.
export const OPERATING_STATUSES = ['open', 'temporarily_closed', 'permanently_closed'] as const;
export type OperatingStatusValue = (typeof OPERATING_STATUSES)[number];

export interface OperatingStatus {
  status: OperatingStatusValue;
  /** YYYY-MM-DD in the business's own calendar; only while temporarily closed, and only when known. */
  reopensOn?: string;
}

export const OPEN: OperatingStatus = { status: 'open' };

/** The status as stored; a profile written before statuses existed is open. */
export function operatingStatusOf(profile: { operatingStatus?: OperatingStatus }): OperatingStatus {
  return profile.operatingStatus ?? OPEN;
}

export function isPermanentlyClosed(profile: { operatingStatus?: OperatingStatus }): boolean {
  return profile.operatingStatus?.status === 'permanently_closed';
}

export function isTemporarilyClosed(profile: { operatingStatus?: OperatingStatus }): boolean {
  return profile.operatingStatus?.status === 'temporarily_closed';
}

/** The status a search document carries (only temporarily closed ones are marked: permanently closed ones are not indexed). */
export function documentStatus(document: { operatingStatus?: 'temporarily_closed'; reopensOn?: string }): OperatingStatus {
  return document.operatingStatus ? { status: document.operatingStatus, ...(document.reopensOn !== undefined && { reopensOn: document.reopensOn }) } : OPEN;
}

/** "temporarily closed, expected to reopen on 2026-12-15", "permanently closed"; undefined while open. */
export function closedPhrase(status: OperatingStatus): string | undefined {
  if (status.status === 'permanently_closed') return 'permanently closed';
  if (status.status !== 'temporarily_closed') return undefined;
  return status.reopensOn ? `temporarily closed, expected to reopen on ${status.reopensOn}` : 'temporarily closed';
}

/** The same in Spanish, for the Spanish summary template. */
export function closedPhraseEs(status: OperatingStatus): string | undefined {
  if (status.status === 'permanently_closed') return 'cerrado definitivamente';
  if (status.status !== 'temporarily_closed') return undefined;
  return status.reopensOn ? `cerrado temporalmente, reabre previsiblemente el ${status.reopensOn}` : 'cerrado temporalmente';
}

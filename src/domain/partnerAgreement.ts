// Partnership agreements (spec 5.7): an admin's record that an account may use the
// partner areas of the API, for one AI platform, between two dates. Replaces the account's old
// boolean `partner` flag (a migration turned each flag into an open-ended agreement).

/** What an agreement may cover: partner search, and reporting analytics events for any published business. */
export const PARTNER_AREAS = ['partner_search', 'event_ingestion'] as const;
export type PartnerArea = (typeof PARTNER_AREAS)[number];

/** The note of an agreement made from an account's old `partner: true` flag (both stores' migrations). */
export const MIGRATED_FLAG_NOTE = 'Migrated from the account partner flag';

/** Stored status, set by admins. A terminated agreement is closed for good; a suspended one can be resumed. */
export const AGREEMENT_STATUSES = ['active', 'suspended', 'terminated'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];

/** The status as of a day: `scheduled` (starts later) and `expired` (ended) are an active agreement outside its dates. */
export type AgreementState = 'in_force' | 'scheduled' | 'expired' | 'suspended' | 'terminated';

export interface PartnerAgreement {
  id: string; // pag_
  accountId: string;
  partnerName: string;
  /** The AI platform the partner's traffic is attributed to (analytics platform names). */
  platform: string;
  areas: PartnerArea[];
  /** First day in force, YYYY-MM-DD (UTC). */
  startDate: string;
  /** Last day in force, YYYY-MM-DD (UTC), inclusive; absent: open-ended. */
  endDate?: string;
  status: AgreementStatus;
  note?: string;
  createdAt: string;
  updatedAt: string;
}

/** The UTC calendar day of an instant, YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function agreementState(agreement: Pick<PartnerAgreement, 'status' | 'startDate' | 'endDate'>, now: Date): AgreementState {
  if (agreement.status !== 'active') return agreement.status;
  const today = utcDay(now);
  if (today < agreement.startDate) return 'scheduled';
  if (agreement.endDate !== undefined && today > agreement.endDate) return 'expired';
  return 'in_force';
}

export type PartnerDecision =
  | { allowed: true; agreement: PartnerAgreement }
  | { allowed: false; reason: 'no_agreement' | 'area_not_covered' | Exclude<AgreementState, 'in_force'>; agreement?: PartnerAgreement };

// Which refusal to give when several agreements fail: the one closest to working.
const REFUSAL_ORDER: ReadonlyArray<Exclude<AgreementState, 'in_force'>> = ['suspended', 'scheduled', 'expired', 'terminated'];

/**
 * Whether any of the account's agreements covers `area` today; otherwise why not, naming the
 * agreement closest to granting it: one in force for another area first, then one covering the
 * area that is suspended, not started, expired or terminated. Pure: the caller loads the agreements.
 */
export function decidePartnerAccess(agreements: PartnerAgreement[], area: PartnerArea, now: Date): PartnerDecision {
  if (agreements.length === 0) return { allowed: false, reason: 'no_agreement' };
  const inForce = agreements.filter((agreement) => agreementState(agreement, now) === 'in_force');
  const granting = inForce.find((agreement) => agreement.areas.includes(area));
  if (granting) return { allowed: true, agreement: granting };
  if (inForce.length > 0) return { allowed: false, reason: 'area_not_covered', agreement: inForce[0] };
  const covering = agreements.filter((agreement) => agreement.areas.includes(area));
  if (covering.length === 0) return { allowed: false, reason: 'area_not_covered', agreement: agreements[0] };
  const states = covering.map((agreement) => ({ agreement, state: agreementState(agreement, now) as Exclude<AgreementState, 'in_force'> }));
  states.sort((a, b) => REFUSAL_ORDER.indexOf(a.state) - REFUSAL_ORDER.indexOf(b.state));
  return { allowed: false, reason: states[0]!.state, agreement: states[0]!.agreement };
}

// The one question partner areas ask: does this caller hold an agreement in force
// today that covers this area? Partner search and partner event ingestion both ask it here; the
// agreements are read on each call (no cache), so an admin's suspension applies to the very next request.
import { ForbiddenError } from '../../domain/errors';
import { decidePartnerAccess, type PartnerAgreement, type PartnerArea, type PartnerDecision } from '../../domain/partnerAgreement';
import type { Principal } from '../../domain/principal';
import type { PartnerAgreementRepository } from '../../ports/partnerAgreements';

const AREA_NAMES: Record<PartnerArea, string> = {
  partner_search: 'partner search',
  event_ingestion: 'reporting events for businesses you do not own',
};

/** The 403 for a refused decision, saying why in words and in details.reason. */
export function partnerRefusal(decision: Extract<PartnerDecision, { allowed: false }>, area: PartnerArea): ForbiddenError {
  const { reason, agreement } = decision;
  const details = { field: 'partnerAgreement', issue: reason, reason, area, ...(agreement && { agreementId: agreement.id }) };
  if (reason === 'no_agreement') {
    const what = AREA_NAMES[area];
    return new ForbiddenError(`${what[0]!.toUpperCase()}${what.slice(1)} requires a partnership agreement`, { ...details, issue: 'the account has no partnership agreement' });
  }
  const why: Record<Exclude<typeof reason, 'no_agreement'>, string> = {
    suspended: 'it is suspended',
    terminated: 'it was terminated',
    scheduled: `it starts on ${agreement?.startDate}`,
    expired: `it ended on ${agreement?.endDate}`,
    area_not_covered: `it does not cover ${AREA_NAMES[area]}`,
  };
  const message = reason === 'area_not_covered' ? `The partnership agreement does not cover ${AREA_NAMES[area]}` : `The partnership agreement is not active: ${why[reason]}`;
  return new ForbiddenError(message, { ...details, issue: why[reason] });
}

export function createPartnerAccess(deps: { agreements: Pick<PartnerAgreementRepository, 'listByAccount'>; clock: () => Date }) {
  const { agreements, clock } = deps;

  async function decide(principal: Pick<Principal, 'accountId'>, area: PartnerArea, now: Date = clock()): Promise<PartnerDecision> {
    return decidePartnerAccess(await agreements.listByAccount(principal.accountId), area, now);
  }

  return {
    decide,
    /** True when an agreement covering `area` is in force on `now`'s UTC day. */
    async allows(principal: Pick<Principal, 'accountId'>, area: PartnerArea, now: Date = clock()): Promise<boolean> {
      return (await decide(principal, area, now)).allowed;
    },
    /** The agreement in force for `area`, or 403 FORBIDDEN saying why not (none, suspended, not started, expired, another area). */
    async require(principal: Pick<Principal, 'accountId'>, area: PartnerArea, now: Date = clock()): Promise<PartnerAgreement> {
      const decision = await decide(principal, area, now);
      if (decision.allowed) return decision.agreement;
      throw partnerRefusal(decision, area);
    },
  };
}

export type PartnerAccess = ReturnType<typeof createPartnerAccess>;

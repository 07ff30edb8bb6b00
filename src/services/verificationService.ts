// Verification requests (spec 4.3 .../verification) and the admin decision that sets
// trust.verificationLevel. Levels only go up through an approval.
import { NotFoundError, ValidationError } from '../domain/errors';
import { newId } from '../domain/ids';
import type { Principal } from '../domain/principal';
import { VERIFICATION_LEVELS } from '../domain/profile';
import type { RequestedLevel, VerificationRequest } from '../domain/verification';
import type { Store } from '../ports/store';
import type { Clock, ProfileAccess } from './profileMutation';

/** What a business is told to expect; admins work the queue oldest first. */
const ESTIMATED_REVIEW_TIME: Record<RequestedLevel, string> = {
  basic: '1-2 business days',
  verified: '2-3 business days',
  premium: '3-5 business days',
  certified: '5-10 business days',
};

function publicView(request: VerificationRequest) {
  return {
    verificationId: request.id,
    businessId: request.businessId,
    level: request.level,
    status: request.status,
    documents: request.documents,
    estimatedReviewTime: ESTIMATED_REVIEW_TIME[request.level],
    requestedAt: request.createdAt,
    ...(request.decidedAt !== undefined && { decidedAt: request.decidedAt }),
    ...(request.decisionNote !== undefined && { decisionNote: request.decisionNote }),
  };
}

export function createVerificationService({ store, access, clock }: { store: Store; access: ProfileAccess; clock: Clock }) {
  async function request(principal: Principal, businessId: string, input: { level: RequestedLevel; documents?: string[] }) {
    const profile = await access.owned(principal, businessId);
    const requested = VERIFICATION_LEVELS.indexOf(input.level);
    if (requested <= VERIFICATION_LEVELS.indexOf(profile.trust.verificationLevel)) {
      throw new ValidationError('level', `must be above the current level (${profile.trust.verificationLevel})`);
    }
    const created = await store.verifications.create({
      id: newId('ver'),
      businessId,
      environment: principal.environment,
      accountId: principal.accountId,
      level: input.level,
      documents: input.documents ?? [],
      status: 'pending',
      createdAt: clock().toISOString(),
    });
    return publicView(created);
  }

  async function history(principal: Principal, businessId: string) {
    await access.owned(principal, businessId);
    const requests = await store.verifications.listByBusiness(principal.environment, businessId);
    return { businessId, verifications: requests.map(publicView) };
  }

  async function pending(limit: number) {
    return (await store.verifications.listPending(limit)).map(publicView);
  }

  async function decide(admin: Principal, verificationId: string, input: { decision: 'approve' | 'reject'; note?: string }) {
    const decided = await store.verifications.decide(verificationId, {
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: admin.accountId,
      decidedAt: clock().toISOString(),
      ...(input.note !== undefined && { decisionNote: input.note }),
    });
    if (!decided) throw new NotFoundError(`No pending verification ${verificationId}`, 'VERIFICATION_NOT_FOUND');
    if (decided.status === 'approved') {
      await access.mutate(
        null,
        decided.businessId,
        (current) => ({ ...current, trust: { ...current.trust, verificationLevel: decided.level } }),
        { environment: decided.environment },
      );
    }
    return publicView(decided);
  }

  return { request, history, pending, decide };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

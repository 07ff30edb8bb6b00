// Verification requests (spec 4.3 .../verification) and the admin decision that sets
// trust.verificationLevel. Levels only go up through an approval.
//
// Sandbox (sk_test_) requests are decided at once, as Stripe test mode does: no person reviews
// test data, and an integration can test both outcomes. Approved, unless a document URL contains
// "reject". The admin queue therefore holds live requests; each queue is one environment's.
import { NotFoundError, ProfileNotFoundError, ValidationError } from '../domain/errors';
import { newId } from '../domain/ids';
import type { Principal } from '../domain/principal';
import type { Environment } from '../domain/profile';
import { VERIFICATION_LEVELS } from '../domain/profile';
import type { RequestedLevel, VerificationRequest } from '../domain/verification';
import type { Store, VerificationDecision } from '../ports/store';
import { decodeListCursor, paginationOf } from './listCursor';
import { verificationEvent } from './webhooks/webhookEvents';
import type { Clock, ProfileAccess } from './profileMutation';

/** What a business is told to expect; admins work the queue oldest first. */
const ESTIMATED_REVIEW_TIME: Record<RequestedLevel, string> = {
  basic: '1-2 business days',
  verified: '2-3 business days',
  premium: '3-5 business days',
  certified: '5-10 business days',
};

/** decidedBy of decisions no admin made. */
const SYSTEM = 'system';
const SANDBOX = 'sandbox';
const PROFILE_DELETED_NOTE = 'Closed because the business profile was deleted.';
const SANDBOX_REJECT_MARKER = 'reject';

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

/** Admins see which partition a request belongs to, so a sandbox request is never taken for a live one. */
function queueView(request: VerificationRequest) {
  return { ...publicView(request), environment: request.environment };
}

function sandboxDecision(documents: string[]): Pick<VerificationDecision, 'status' | 'decisionNote'> {
  const reject = documents.some((url) => url.toLowerCase().includes(SANDBOX_REJECT_MARKER));
  return reject
    ? { status: 'rejected', decisionNote: 'Sandbox: rejected because a document URL contains "reject".' }
    : { status: 'approved', decisionNote: 'Sandbox: approved automatically; sandbox requests are never reviewed.' };
}

const notPending = (id: string) => new NotFoundError(`No pending verification ${id}`, 'VERIFICATION_NOT_FOUND');

const profileGone = (request: VerificationRequest) =>
  new NotFoundError(
    `Business profile ${request.businessId} was deleted; verification ${request.id} was closed as rejected without a review`,
    'PROFILE_NOT_FOUND',
  );

/** The webhook event of a request as stored: requested, approved or rejected. */
const eventOf = (at: Date) => (request: VerificationRequest) => [verificationEvent(request, publicView(request), at)];

export function createVerificationService({ store, access, clock }: { store: Store; access: ProfileAccess; clock: Clock }) {
  async function request(principal: Principal, businessId: string, input: { level: RequestedLevel; documents?: string[] }) {
    const profile = await access.owned(principal, businessId);
    const requested = VERIFICATION_LEVELS.indexOf(input.level);
    if (requested <= VERIFICATION_LEVELS.indexOf(profile.trust.verificationLevel)) {
      throw new ValidationError('level', `must be above the current level (${profile.trust.verificationLevel})`);
    }
    const now = clock();
    const pendingRequest: VerificationRequest = {
      id: newId('ver'),
      businessId,
      environment: principal.environment,
      accountId: principal.accountId,
      level: input.level,
      documents: input.documents ?? [],
      status: 'pending',
      createdAt: now.toISOString(),
    };
    const created = await store.verifications.create(pendingRequest, eventOf(now)(pendingRequest));
    if (principal.environment !== 'test') return publicView(created);
    // Through the same path as an admin's decision, so the one-pending rule and the level change hold alike.
    return publicView(await settle(created, { ...sandboxDecision(created.documents), decidedBy: SANDBOX }));
  }

  async function history(principal: Principal, businessId: string) {
    await access.owned(principal, businessId);
    const requests = await store.verifications.listByBusiness(principal.environment, businessId);
    return { businessId, verifications: requests.map(publicView) };
  }

  /** The queue of the caller's environment, oldest first: a JWT (live) never sees sandbox requests. */
  async function pending(admin: Principal, page: { limit: number; cursor?: string }) {
    const found = await store.verifications.listPending(admin.environment, { after: decodeListCursor(page.cursor), limit: page.limit });
    return { environment: admin.environment, verifications: found.items.map(queueView), pagination: paginationOf(found, page.limit) };
  }

  async function decide(admin: Principal, verificationId: string, input: { decision: 'approve' | 'reject'; note?: string }) {
    const found = await store.verifications.get(verificationId);
    if (!found || found.status !== 'pending' || found.environment !== admin.environment) throw notPending(verificationId);
    const decided = await settle(found, {
      status: input.decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: admin.accountId,
      ...(input.note !== undefined && { decisionNote: input.note }),
    });
    return queueView(decided);
  }

  /**
   * Decides a pending request and applies an approval to its profile: all of it or, when the
   * profile is gone, only closing the request (a request for a deleted profile cannot be approved).
   */
  async function settle(pendingRequest: VerificationRequest, decision: Omit<VerificationDecision, 'decidedAt'>): Promise<VerificationRequest> {
    const { id, environment, businessId } = pendingRequest;
    if (!(await store.profiles.get(environment, businessId))) {
      await closeRequests(environment, businessId);
      throw profileGone(pendingRequest);
    }
    const now = clock();
    const decided = await store.verifications.decide(id, { ...decision, decidedAt: now.toISOString() }, 'pending', eventOf(now));
    if (!decided) throw notPending(id);
    if (decided.status !== 'approved') return decided;
    try {
      // An approval vouches for the profile's information as it stands: it counts as a confirmation.
      await access.mutate(null, businessId, (current, at) => ({ ...current, trust: { ...current.trust, verificationLevel: decided.level }, lastVerifiedAt: at.toISOString(), lastVerifiedBy: 'verification' }), { environment });
    } catch (error) {
      if (!(error instanceof ProfileNotFoundError)) throw error;
      // Deleted between the check and the change: undo the approval rather than leave it half done.
      const undoneAt = clock();
      await store.verifications.decide(id, { status: 'rejected', decidedBy: SYSTEM, decisionNote: PROFILE_DELETED_NOTE, decidedAt: undoneAt.toISOString() }, 'approved', eventOf(undoneAt));
      throw profileGone(decided);
    }
    return decided;
  }

  function closeRequests(environment: Environment, businessId: string) {
    const now = clock();
    return store.verifications.rejectPendingOfBusiness(
      environment,
      businessId,
      { decidedBy: SYSTEM, decisionNote: PROFILE_DELETED_NOTE, decidedAt: now.toISOString() },
      eventOf(now),
    );
  }

  /** After the owner deleted a profile: its pending requests leave the queue, rejected by the system. */
  async function closeForDeletedProfile(principal: Principal, businessId: string): Promise<void> {
    await closeRequests(principal.environment, businessId);
  }

  return { request, history, pending, decide, closeForDeletedProfile };
}

export type VerificationService = ReturnType<typeof createVerificationService>;

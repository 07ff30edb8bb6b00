// Verification requests, with "one pending request per business" held by a slot document in
// `pending_verifications` (see its schema for why not a partial index). Without transactions the
// slot and the request are two writes, ordered so a failure never allows a second pending request:
// claim the slot, then insert the request (releasing the slot if that fails); on a decision, move
// the request out of `pending` first, then free the slot. A slot left behind by a crash between
// two writes points at a request that is missing or no longer pending: it is reclaimed on the next
// request for that business.
import type { Model } from 'mongoose';
import { ConflictError } from '../../domain/errors';
import type { Environment } from '../../domain/profile';
import type { VerificationRequest } from '../../domain/verification';
import type { VerificationDecision, VerificationRepository } from '../../ports/store';
import { pageSize, toListPage } from '../keysetPage';
import { afterPosition } from './keysetPage';
import type { PendingVerificationDoc } from './schemas/pendingVerificationSchema';
import type { VerificationDoc } from './schemas/verificationSchema';
import { duplicateKeyIndex, guard, isRejectedWrite } from './translateError';
import type { WriteMarks } from './writeMarks';
import type { WebhookEvent } from '../../domain/webhooks/webhookRecords';
import { outboxOf } from './webhooks/embeddedOutbox';

/** A slot younger than this may belong to a request still being written, so it is never reclaimed. */
const SLOT_GRACE_MS = 60_000;

export function toVerification({ _id, webhookOutbox: _outbox, writeMarks: _marks, ...request }: VerificationDoc): VerificationRequest {
  return { id: _id, ...request };
}

export interface VerificationRepositoryDeps {
  verifications: Model<VerificationDoc>;
  pendingVerifications: Model<PendingVerificationDoc>;
  marks: WriteMarks;
  /** Injectable clock so the grace period can be tested. */
  now?: () => number;
}

export function createVerificationRepository(deps: VerificationRepositoryDeps): VerificationRepository {
  const { verifications, pendingVerifications, marks } = deps;
  const now = deps.now ?? Date.now;
  const pendingConflict = () => new ConflictError('VERIFICATION_PENDING', 'A verification request for this business is already pending');

  const claimSlot = (request: VerificationRequest) =>
    pendingVerifications.create({
      environment: request.environment,
      businessId: request.businessId,
      verificationId: request.id,
      claimedAt: new Date(now()).toISOString(),
    });

  /** Frees the business's slot if its request is gone or decided and the slot is past its grace period. */
  async function reclaimStaleSlot(environment: Environment, businessId: string): Promise<boolean> {
    const slot = await pendingVerifications.findOne({ environment, businessId }).lean<PendingVerificationDoc & { _id: unknown }>();
    if (!slot || now() - Date.parse(slot.claimedAt) < SLOT_GRACE_MS) return false;
    const holder = await verifications.findOne({ _id: slot.verificationId }, { status: 1 }).lean<Pick<VerificationDoc, 'status'>>();
    if (holder?.status === 'pending') return false;
    const removed = await pendingVerifications.deleteOne({ _id: slot._id, verificationId: slot.verificationId });
    return removed.deletedCount === 1;
  }

  async function claimOrConflict(request: VerificationRequest): Promise<void> {
    try {
      await claimSlot(request);
    } catch (error) {
      if (duplicateKeyIndex(error) === undefined) throw error;
      if (!(await reclaimStaleSlot(request.environment, request.businessId))) throw pendingConflict();
      await claimSlot(request).catch((retry: unknown) => {
        throw duplicateKeyIndex(retry) === undefined ? retry : pendingConflict();
      });
    }
  }

  /** Only a request in `from` moves, in one atomic update: two admins deciding at once cannot both win. */
  async function decideOne(
    id: string,
    decision: VerificationDecision,
    from: 'pending' | 'approved',
    eventsFor?: (decided: VerificationRequest) => readonly WebhookEvent[],
  ): Promise<VerificationRequest | null> {
    const redone = await marks.redone(verifications, { _id: id });
    if (redone) return toVerification(redone);
    const changes: Partial<VerificationDoc> = {
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: decision.decidedAt,
    };
    // The events describe the request as this update leaves it; the filter on `from` makes the
    // update and its events apply together or not at all (webhooks/embeddedOutbox.ts).
    let events: WebhookEvent[] | undefined;
    if (eventsFor) {
      const current = await verifications.findOne({ _id: id, status: from }).lean<VerificationDoc>();
      if (!current) return null;
      const { decisionNote: _note, ...kept } = toVerification(current);
      events = outboxOf(eventsFor({ ...kept, ...changes, ...(decision.decisionNote !== undefined && { decisionNote: decision.decisionNote }) } as VerificationRequest));
    }
    const pushes = { ...(events && { webhookOutbox: { $each: events } }), ...marks.pushed() };
    const push = Object.keys(pushes).length > 0 ? { $push: pushes } : {};
    const update = decision.decisionNote !== undefined
      ? { $set: { ...changes, decisionNote: decision.decisionNote }, ...push }
      : { $set: changes, $unset: { decisionNote: 1 as const }, ...push };
    const doc = await verifications
      .findOneAndUpdate({ _id: id, status: from }, update, { returnDocument: 'after', runValidators: true })
      .lean<VerificationDoc>();
    if (!doc) return null;
    await pendingVerifications.deleteOne({ verificationId: id });
    return toVerification(doc);
  }

  return {
    async create(request, events) {
      const { id, ...fields } = request;
      const redone = await guard(() => marks.redone(verifications));
      if (redone) return toVerification(redone);
      await guard(async () => {
        if (request.status === 'pending') await claimOrConflict(request);
        try {
          await verifications.create({ _id: id, ...fields, webhookOutbox: outboxOf(events), writeMarks: marks.carried() });
        } catch (error) {
          // After a lost reply the request may exist; a slot whose request is missing is reclaimed later.
          if (request.status === 'pending' && isRejectedWrite(error)) {
            await pendingVerifications.deleteOne({ verificationId: id }).catch(() => undefined);
          }
          throw error;
        }
      });
      return structuredClone(request);
    },
    get: (id) =>
      guard(async () => {
        const doc = await verifications.findOne({ _id: id }).lean<VerificationDoc>();
        return doc ? toVerification(doc) : null;
      }),
    listByBusiness: (environment, businessId) =>
      guard(async () => {
        const docs = await verifications.find({ environment, businessId }).sort({ createdAt: -1, _id: -1 }).lean<VerificationDoc[]>();
        return docs.map(toVerification);
      }),
    listPending: (environment, options) =>
      guard(async () => {
        const size = pageSize(options);
        const pending = { environment, status: 'pending' as const };
        const docs = await verifications
          .find({ ...pending, ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .lean<VerificationDoc[]>();
        return toListPage(docs.map(toVerification), size, await verifications.countDocuments(pending));
      }),
    decide: (id, decision, from = 'pending', eventsFor) => guard(() => decideOne(id, decision, from, eventsFor)),
    rejectPendingOfBusiness: (environment, businessId, decision, eventsFor) =>
      guard(async () => {
        const pending = await verifications.find({ environment, businessId, status: 'pending' }, { _id: 1 }).lean<Array<{ _id: string }>>();
        const decided = await Promise.all(pending.map((doc) => decideOne(doc._id, { ...decision, status: 'rejected' }, 'pending', eventsFor)));
        return decided.filter((request): request is VerificationRequest => request !== null);
      }),
  };
}

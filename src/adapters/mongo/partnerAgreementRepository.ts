// Partnership agreements on MongoDB: one document each, updates as one atomic
// findOneAndUpdate guarded by the stored status.
import type { Model } from 'mongoose';
import type { PartnerAgreement } from '../../domain/partnerAgreement';
import type { PartnerAgreementFilter, PartnerAgreementRepository } from '../../ports/partnerAgreements';
import { pageSize, toListPage } from '../keysetPage';
import { afterPosition } from './keysetPage';
import type { PartnerAgreementDoc } from './schemas/partnerAgreementSchema';
import { guard } from './translateError';
import type { WriteMarks } from './writeMarks';

const toAgreement = ({ _id, writeMarks: _marks, ...agreement }: PartnerAgreementDoc): PartnerAgreement => ({ id: _id, ...agreement });

function filterOf(filter: PartnerAgreementFilter): Record<string, unknown> {
  return { ...(filter.accountId !== undefined && { accountId: filter.accountId }), ...(filter.status !== undefined && { status: filter.status }) };
}

export function createPartnerAgreementRepository(agreements: Model<PartnerAgreementDoc>, marks: WriteMarks): PartnerAgreementRepository {
  return {
    async create(agreement) {
      const { id, ...fields } = agreement;
      const redone = await guard(() => marks.redone(agreements));
      if (redone) return toAgreement(redone);
      await guard(() => agreements.create({ _id: id, ...fields, writeMarks: marks.carried() }));
      return structuredClone(agreement);
    },
    get: (id) =>
      guard(async () => {
        const doc = await agreements.findOne({ _id: id }).lean<PartnerAgreementDoc>();
        return doc ? toAgreement(doc) : null;
      }),
    listByAccount: (accountId) =>
      guard(async () => (await agreements.find({ accountId }).sort({ createdAt: 1, _id: 1 }).lean<PartnerAgreementDoc[]>()).map(toAgreement)),
    page: (filter, options) =>
      guard(async () => {
        const size = pageSize(options);
        const docs = await agreements
          .find({ ...filterOf(filter), ...afterPosition(options.after) })
          .sort({ createdAt: 1, _id: 1 })
          .limit(size + 1)
          .lean<PartnerAgreementDoc[]>();
        return toListPage(docs.map(toAgreement), size, await agreements.countDocuments(filterOf(filter)));
      }),
    update: (id, patch, at, fromStatuses) =>
      guard(async () => {
        const set: Record<string, unknown> = { updatedAt: at };
        const unset: Record<string, 1> = {};
        // A patch may hold a field set to undefined: it changes nothing.
        for (const [field, value] of Object.entries(patch) as Array<[string, unknown]>) {
          if (value === null) unset[field] = 1;
          else if (value !== undefined) set[field] = value;
        }
        const redone = await marks.redone(agreements, { _id: id });
        if (redone) return toAgreement(redone);
        const push = marks.pushed();
        const doc = await agreements
          .findOneAndUpdate(
            { _id: id, status: { $in: [...fromStatuses] } },
            { $set: set, ...(push.writeMarks && { $push: push }), ...(Object.keys(unset).length > 0 && { $unset: unset }) },
            { returnDocument: 'after', runValidators: true },
          )
          .lean<PartnerAgreementDoc>();
        return doc ? toAgreement(doc) : null;
      }),
  };
}

import type { Model } from 'mongoose';
import type { Account } from '../../domain/account';
import { ConflictError } from '../../domain/errors';
import type { AccountPatch, AccountRepository } from '../../ports/store';
import type { AccountDoc } from './schemas/accountSchema';
import type { WriteMarks } from './writeMarks';
import { guard } from './translateError';

const PATCHABLE: ReadonlyArray<keyof AccountPatch> = ['plan', 'role', 'suspended', 'customLimits', 'name'];

export function toAccount({ _id, emailKey: _emailKey, writeMarks: _marks, ...account }: AccountDoc): Account {
  return { id: _id, ...account };
}

function toAccountDoc({ id, ...account }: Account): AccountDoc {
  return { _id: id, ...account, emailKey: account.email.toLowerCase() };
}

const duplicateEmail = (index: string) =>
  index.startsWith('emailKey') ? new ConflictError('DUPLICATE_EMAIL', 'An account with this email already exists', { field: 'email' }) : undefined;

export function createAccountRepository(accounts: Model<AccountDoc>, marks: WriteMarks): AccountRepository {
  const findOne = (filter: Record<string, unknown>) =>
    guard(async () => {
      const doc = await accounts.findOne(filter).lean<AccountDoc>();
      return doc ? toAccount(doc) : null;
    });

  return {
    async create(account) {
      await guard(() => accounts.create(toAccountDoc(account)), duplicateEmail);
      return structuredClone(account);
    },
    findById: (id) => findOne({ _id: id }),
    findByEmail: (email) => findOne({ emailKey: email.toLowerCase() }),
    async update(id, patch, at) {
      // One atomic $set: a concurrent update cannot slip in between a read and a write.
      const changes: Record<string, unknown> = { updatedAt: at };
      for (const field of PATCHABLE) {
        // A field given as undefined means "not given": required fields can never be erased this way.
        if (patch[field] !== undefined && patch[field] !== null) changes[field] = patch[field];
      }
      // customLimits: null means "none": the record keeps no null in an optional field.
      const push = marks.pushed();
      const update = { $set: changes, ...(push.writeMarks && { $push: push }), ...(patch.customLimits === null && { $unset: { customLimits: 1 } }) };
      return guard(async () => {
        const redone = await marks.redone(accounts, { _id: id });
        if (redone) return toAccount(redone);
        const doc = await accounts
          .findOneAndUpdate({ _id: id }, update, { returnDocument: 'after', runValidators: true })
          .lean<AccountDoc>();
        return doc ? toAccount(doc) : null;
      });
    },
    countAdmins: () => guard(() => accounts.countDocuments({ role: 'admin' })),
  };
}

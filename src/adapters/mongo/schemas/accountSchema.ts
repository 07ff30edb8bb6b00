import { Schema } from 'mongoose';
import { type Account, PLANS } from '../../../domain/account';
import { ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface AccountDoc extends CarriesMarks, Omit<Account, 'id'> {
  _id: string;
  /** Lower-cased email: the unique key, so "Ada@x" and "ada@x" collide. */
  emailKey: string;
}

const customLimitsSchema = new Schema(
  {
    general: { type: Number, min: 0 },
    search: { type: Number, min: 0 },
    analytics: { type: Number, min: 0 },
  },
  partOptions,
);

export const accountSchema = new Schema<AccountDoc>(
  {
    _id: ownId,
    email: { type: String, required: true, maxlength: 320 },
    emailKey: { type: String, required: true, maxlength: 320 },
    name: { type: String, required: true },
    passwordHash: { type: String, required: true },
    plan: { type: String, enum: PLANS, required: true },
    role: { type: String, enum: ['user', 'admin'], required: true },
    suspended: { type: Boolean, required: true },
    customLimits: { type: customLimitsSchema, required: false },
    createdAt: requiredTimestamp,
    updatedAt: requiredTimestamp,
  },
  recordOptions('accounts'),
);
keepsWriteMarks(accountSchema);
accountSchema.index({ emailKey: 1 }, { unique: true });
accountSchema.index({ role: 1 });

import { Schema } from 'mongoose';
import { type Account, PLANS } from '../../../domain/account';
import { customLimitsSchema as customLimitsJson } from '../../../schemas/endpoints/admin';
import { registerBodySchema } from '../../../schemas/endpoints/auth';
import { leafOf, storedAs } from './storedAs';
import { ownId, partOptions, recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

export interface AccountDoc extends CarriesMarks, Omit<Account, 'id'> {
  _id: string;
  /** Lower-cased email: the unique key, so "Ada@x" and "ada@x" collide. */
  emailKey: string;
}

// Each written field keeps the rules of the body it came in (storedAs.ts).
const limit = (area: string) => storedAs(leafOf(customLimitsJson, area));
const customLimitsSchema = new Schema(
  {
    general: limit('general'),
    search: limit('search'),
    analytics: limit('analytics'),
  },
  partOptions,
);

export const accountSchema = new Schema<AccountDoc>(
  {
    _id: ownId,
    email: storedAs(leafOf(registerBodySchema, 'email'), true),
    emailKey: storedAs(leafOf(registerBodySchema, 'email'), true),
    name: storedAs(leafOf(registerBodySchema, 'name'), true),
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

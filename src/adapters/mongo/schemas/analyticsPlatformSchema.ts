import { Schema } from 'mongoose';
import { registerPlatformBodySchema } from '../../../schemas/endpoints/analyticsPlatforms';
import { leafOf, storedAs } from './storedAs';
import { recordOptions, requiredTimestamp } from './storedFields';
import { type CarriesMarks, keepsWriteMarks } from '../writeMarks';

/** An admin-registered AI platform name; the name is the `_id`, so it is unique. */
export interface AnalyticsPlatformDoc extends CarriesMarks {
  _id: string;
  displayName: string;
  createdBy: string;
  createdAt: string;
}

export const analyticsPlatformSchema = new Schema<AnalyticsPlatformDoc>(
  {
    // The name and display name keep the rules of the body they came in (storedAs.ts).
    _id: storedAs(leafOf(registerPlatformBodySchema, 'name'), true),
    displayName: storedAs(leafOf(registerPlatformBodySchema, 'displayName'), true),
    createdBy: { type: String, required: true },
    createdAt: requiredTimestamp,
  },
  recordOptions('analytics_platforms'),
);
keepsWriteMarks(analyticsPlatformSchema);

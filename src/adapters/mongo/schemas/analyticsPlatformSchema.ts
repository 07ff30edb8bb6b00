import { Schema } from 'mongoose';
import { ownId, recordOptions, requiredTimestamp } from './storedFields';
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
    _id: ownId,
    displayName: { type: String, required: true },
    createdBy: { type: String, required: true },
    createdAt: requiredTimestamp,
  },
  recordOptions('analytics_platforms'),
);
keepsWriteMarks(analyticsPlatformSchema);

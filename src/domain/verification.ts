import type { Environment, VerificationLevel } from './profile';

export type RequestedLevel = Exclude<VerificationLevel, 'none'>;
export type VerificationStatus = 'pending' | 'approved' | 'rejected';

export interface VerificationRequest {
  id: string; // ver_
  businessId: string;
  environment: Environment;
  accountId: string;
  level: RequestedLevel;
  documents: string[];
  status: VerificationStatus;
  createdAt: string;
  decidedAt?: string;
  decidedBy?: string;
  decisionNote?: string;
}

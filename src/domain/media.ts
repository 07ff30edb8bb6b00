import type { Environment } from './profile';

export type MediaType = 'photo' | 'video' | 'logo';

export interface MediaRecord {
  id: string; // med_
  businessId: string;
  environment: Environment;
  ownerId: string;
  type: MediaType;
  /** Sniffed from the bytes, never taken from the client. */
  contentType: string;
  size: number;
  /** Key in the MediaStorage port. */
  storageKey: string;
  uploadedAt: string;
  deletedAt?: string;
}

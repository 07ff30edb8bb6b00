// POST /business/profile/{businessId}/services and PATCH .../services/{serviceId} (spec 2.3, 4.3).
import type { SchemaObject } from 'ajv';
import type { Pricing } from '../../domain/profile';
import { serviceChangesSchema, serviceInputSchema } from '../parts/service';

export const createServiceBodySchema: SchemaObject = serviceInputSchema;
export const updateServiceBodySchema: SchemaObject = serviceChangesSchema;

export type { ServiceBody as CreateServiceBody } from './profile';

export interface UpdateServiceBody {
  name?: string;
  description?: string | null;
  category?: string | null;
  pricing?: Pricing | null;
  duration?: number | null;
  capacity?: number | null;
  bookable?: boolean;
  requiresQuote?: boolean;
}

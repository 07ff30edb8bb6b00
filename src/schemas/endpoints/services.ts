// POST /business/profile/{businessId}/services and PATCH .../services/{serviceId} (spec 2.3, 4.3).
import { serviceChangesSchema, serviceInputSchema } from '../parts/service';

export const createServiceBodySchema = serviceInputSchema;
export const updateServiceBodySchema = serviceChangesSchema;

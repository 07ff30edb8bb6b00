// The services a business offers (spec 2.3, 4.3 .../services).
import { isDeepStrictEqual } from 'node:util';
import { NotFoundError, ValidationError } from '../domain/errors';
import { mergePatch } from '../domain/mergePatch';
import type { Principal } from '../domain/principal';
import type { Service } from '../domain/profile';
// The schema's cap for a whole services list; one number for PATCH profile and POST services.
import { MAX_SERVICES } from '../schemas/parts/service';
import { etagOf, type ProfileAccess, type Revised } from './profileMutation';
import type { Static } from 'typebox';
import type { serviceChangesSchema } from '../schemas/parts/service';
import { assertPricingPrecision, assertServicePayment, newService, type ServiceInput } from './profileInput';

function serviceNotFound(serviceId: string): NotFoundError {
  return new NotFoundError(`Service ${serviceId} does not exist on this business`, 'SERVICE_NOT_FOUND');
}

// Every write takes the request's If-Match and answers with the profile's new ETag: a service
// is part of the profile, so one revision covers both.
export function createCatalogService({ access }: { access: ProfileAccess }) {
  async function add(principal: Principal, businessId: string, input: ServiceInput, ifMatch?: string): Promise<Revised<Service>> {
    assertPricingPrecision(input.pricing, 'pricing');
    let added: Service | undefined;
    const saved = await access.mutate(principal, businessId, (current, now) => {
      if (current.services.length >= MAX_SERVICES) {
        throw new ValidationError('services', `must contain at most ${MAX_SERVICES} items; this profile already lists ${current.services.length}`);
      }
      added = newService(input, now);
      assertServicePayment(added);
      return { ...current, services: [...current.services, added] };
    }, { ifMatch });
    return { value: added as Service, etag: etagOf(saved) };
  }

  async function update(
    principal: Principal,
    businessId: string,
    serviceId: string,
    patch: Static<typeof serviceChangesSchema>,
    ifMatch?: string,
  ): Promise<Revised<Service>> {
    assertPricingPrecision(patch.pricing, 'pricing');
    let updated: Service | undefined;
    const saved = await access.mutate(principal, businessId, (current, now) => {
      const existing = current.services.find((service) => service.id === serviceId);
      if (!existing) throw serviceNotFound(serviceId);
      // Pricing and payment are one value each: a new object replaces the old one instead of merging.
      const { pricing, payment, ...rest } = patch as Omit<Partial<ServiceInput>, 'pricing' | 'payment'> & { pricing?: Service['pricing'] | null; payment?: Service['payment'] | null };
      const merged: Service = mergePatch(existing, rest);
      if (pricing !== undefined) {
        if (pricing === null) delete merged.pricing;
        else merged.pricing = pricing;
      }
      if (payment !== undefined) {
        if (payment === null) delete merged.payment;
        else merged.payment = payment;
      }
      assertServicePayment(merged);
      // The same values again: the service keeps its updatedAt and the profile stays as it is.
      if (isDeepStrictEqual(merged, existing)) {
        updated = existing;
        return current;
      }
      updated = { ...merged, updatedAt: now.toISOString() };
      const result = updated;
      return { ...current, services: current.services.map((service) => (service.id === serviceId ? result : service)) };
    }, { ifMatch });
    return { value: updated as Service, etag: etagOf(saved) };
  }

  async function remove(principal: Principal, businessId: string, serviceId: string, ifMatch?: string): Promise<Revised<{ id: string; deleted: true }>> {
    const saved = await access.mutate(principal, businessId, (current) => {
      if (!current.services.some((service) => service.id === serviceId)) throw serviceNotFound(serviceId);
      return { ...current, services: current.services.filter((service) => service.id !== serviceId) };
    }, { ifMatch });
    return { value: { id: serviceId, deleted: true }, etag: etagOf(saved) };
  }

  return { add, update, remove };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

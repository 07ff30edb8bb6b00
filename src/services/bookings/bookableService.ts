// What makes a service bookable right now: a live, published business with a location (its time
// zone) and a service marked bookable, not quote-only, with a duration. Each refusal has its code.
import { ConflictError, NotFoundError, ProfileNotFoundError } from '../../domain/errors';
import type { SlotRules } from '../../domain/bookings/slots';
import { locationOf, type Environment, type BusinessProfile, type Service } from '../../domain/profile';
import { timeZoneAt } from '../../domain/timeZone';
import type { Store } from '../../ports/store';
import { businessNotPublished } from '../businessNotPublished';

export interface BookableService {
  profile: BusinessProfile;
  service: Service;
  rules: SlotRules;
  capacity: number;
}

function notBookable(message: string): ConflictError {
  return new ConflictError('SERVICE_NOT_BOOKABLE', message);
}

export async function findBookableService(store: Store, environment: Environment, businessId: string, serviceId: string): Promise<BookableService> {
  const profile = await store.profiles.get(environment, businessId);
  if (!profile || profile.ownerSuspended) throw new ProfileNotFoundError(businessId);
  if (profile.status !== 'published') throw businessNotPublished(businessId);
  const service = profile.services.find((candidate) => candidate.id === serviceId);
  if (!service) throw new NotFoundError(`Service ${serviceId} does not exist on this business`, 'SERVICE_NOT_FOUND');
  if (service.requiresQuote) throw new ConflictError('QUOTE_REQUIRED', `Service ${serviceId} is priced by quote: ask the business for one instead of booking`);
  if (!service.bookable) throw notBookable(`Service ${serviceId} does not take bookings (bookable is false)`);
  if (!service.duration) throw notBookable(`Service ${serviceId} has no duration, so it has no start times`);
  const { coordinates } = locationOf(profile);
  if (!coordinates) throw notBookable(`Business ${businessId} has no coordinates, so its time zone (and its hours) are unknown`);
  return {
    profile,
    service,
    capacity: service.capacity ?? 1,
    rules: { hours: profile.hours, blackoutDates: profile.blackoutDates, timeZone: timeZoneAt(coordinates), duration: service.duration },
  };
}

// What a reader of a business page can do through the API, as every rendering of the page says it:
// book (while a service is bookable and the business has not closed) and report it closed or wrong.
import { isPermanentlyClosed, isTemporarilyClosed } from '../../domain/freshness/operatingStatus';
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';

/** A closed business takes no bookings through its page, whatever its services say. */
export function bookable(page: PublicBusinessPage): boolean {
  const { profile } = page;
  if (isPermanentlyClosed(profile) || isTemporarilyClosed(profile)) return false;
  return profile.services.some((service) => service.bookable && !service.requiresQuote);
}

/** Where anyone reports the business closed or its information wrong (POST, no credential needed). */
export function reportAddress(page: PublicBusinessPage): string {
  return new URL(`/v1/business/profile/${page.profile.id}/information-reports`, page.origin).toString();
}

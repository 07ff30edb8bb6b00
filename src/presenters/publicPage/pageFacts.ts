// The facts of a business page as short lines of plain text, shared by the HTML page and its
// Markdown twin so the two always say the same thing. Owner-written text is returned as written:
// each renderer escapes it for its own format.
import { upcomingBlackoutDates } from '../../domain/blackoutDates';
import { closedPhrase, operatingStatusOf } from '../../domain/freshness/operatingStatus';
import { formatMoney } from '../../domain/money';
import { WEEKDAYS, locationOf, type BusinessProfile, type Pricing, type Service } from '../../domain/profile';
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';

const DAY_LABELS: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday', tuesday: 'Tuesday', wednesday: 'Wednesday', thursday: 'Thursday', friday: 'Friday', saturday: 'Saturday', sunday: 'Sunday',
};

export function priceText(pricing: Pricing): string {
  if (pricing.type === 'range') return `${formatMoney(pricing.minAmount, pricing.currency)}–${formatMoney(pricing.maxAmount, pricing.currency)}`;
  if (pricing.type === 'hourly') return `${formatMoney(pricing.amount, pricing.currency)} per hour`;
  return formatMoney(pricing.amount, pricing.currency);
}

/** "USD 14 · 30 min · bookable" */
export function serviceDetails(service: Service): string {
  return [
    service.pricing ? priceText(service.pricing) : service.requiresQuote ? 'price on request' : undefined,
    service.duration ? `${service.duration} min` : undefined,
    service.bookable && !service.requiresQuote ? 'bookable' : undefined,
  ].filter(Boolean).join(' · ');
}

/** One line per weekday with stated hours: ["Monday", "11:00–22:00"], ["Sunday", "closed"]. */
export function hoursLines(profile: BusinessProfile): Array<[string, string]> {
  return WEEKDAYS.flatMap((day): Array<[string, string]> => {
    const hours = profile.hours[day];
    if (!hours) return [];
    if ('closed' in hours) return [[DAY_LABELS[day], 'closed']];
    const overnight = hours.close < hours.open ? ' (next day)' : '';
    return [[DAY_LABELS[day], `${hours.open}–${hours.close}${overnight}`]];
  });
}

/** Upcoming closed dates, YYYY-MM-DD, at most `limit`. */
export function closedDates(page: PublicBusinessPage, limit = 30): string[] {
  return upcomingBlackoutDates(page.profile.blackoutDates, page.today).slice(0, limit);
}

/** "1400 S Congress Ave, Austin, TX 78704, US" */
export function addressLine(profile: BusinessProfile): string {
  const at = locationOf(profile).address ?? {};
  const region = [at.state, at.postalCode].filter(Boolean).join(' ');
  return [at.street, at.city, region, at.country].filter(Boolean).join(', ');
}

/** "4.6 out of 5 from 12 reviews", or undefined without reviews. */
export function ratingText(profile: BusinessProfile): string | undefined {
  const { averageRating, totalReviews } = profile.trust;
  if (totalReviews === 0) return undefined;
  return `${averageRating.toFixed(1)} out of 5 from ${totalReviews} review${totalReviews === 1 ? '' : 's'}`;
}

/** "Restaurant in Austin, TX" */
export function kindAndPlace(profile: BusinessProfile): string {
  const at = locationOf(profile).address;
  const place = [at?.city, at?.state].filter(Boolean).join(', ');
  return place ? `${profile.category} in ${place}` : profile.category;
}

/** "Temporarily closed, expected to reopen on 2026-12-07.", "Permanently closed."; undefined while open. */
export function operatingStatusText(profile: BusinessProfile): string | undefined {
  const phrase = closedPhrase(operatingStatusOf(profile));
  return phrase ? `${phrase[0].toUpperCase()}${phrase.slice(1)}.` : undefined;
}

/** "Information confirmed by the business on 2026-11-20." (or "... by a verification ..."); undefined when never confirmed. */
export function confirmationText(profile: BusinessProfile): string | undefined {
  if (!profile.lastVerifiedAt) return undefined;
  const by = profile.lastVerifiedBy === 'verification' ? 'through a verification' : 'by the business';
  return `Information confirmed ${by} on ${profile.lastVerifiedAt.slice(0, 10)}.`;
}

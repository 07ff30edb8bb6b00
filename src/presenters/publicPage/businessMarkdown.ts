// A business's public page as Markdown, for language models: the same facts as the HTML page
// (pageFacts.ts), every owner-written value escaped so it stays text.
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';
import { bookable, reportAddress } from './pageActions';
import { escapeMarkdown as m, escapeMarkdownParagraphs } from './htmlText';
import { addressLine, closedDates, confirmationText, hoursLines, kindAndPlace, operatingStatusText, ratingText, serviceDetails } from './pageFacts';

export function businessMarkdown(page: PublicBusinessPage): string {
  const { profile } = page;
  const out: string[] = [`# ${m(profile.name)}`, ''];
  if (profile.tagline) out.push(`> ${m(profile.tagline)}`, '');
  out.push(`${m(kindAndPlace(profile))}. Web page: <${page.url}>`, '');
  const closed = operatingStatusText(profile);
  if (closed) out.push(`**${closed}**`, '');
  if (profile.description) out.push(escapeMarkdownParagraphs(profile.description), '');

  const contact = [
    addressLine(profile) && `- Address: ${m(addressLine(profile))}`,
    profile.contact.phone && `- Phone: ${m(profile.contact.phone)}`,
    profile.contact.email && `- Email: ${m(profile.contact.email)}`,
    profile.contact.website && `- Website: ${m(profile.contact.website)}`,
  ].filter(Boolean);
  if (contact.length > 0) out.push('## Contact', '', ...(contact as string[]), '');

  const hours = hoursLines(profile);
  if (hours.length > 0) {
    out.push(`## Opening hours${page.timeZone ? ` (${page.timeZone})` : ''}`, '', ...hours.map(([day, time]) => `- ${day}: ${time}`), '');
    const closedOn = closedDates(page);
    if (closedOn.length > 0) out.push(`Closed on: ${closedOn.join(', ')}.`, '');
  }

  if (profile.services.length > 0) {
    out.push('## Services', '');
    for (const service of profile.services) {
      const details = serviceDetails(service);
      out.push(`- ${m(service.name)}${details ? ` (${m(details)})` : ''}${service.description ? `: ${m(service.description)}` : ''}`);
    }
    out.push('');
  }

  const rating = ratingText(profile);
  if (rating) {
    out.push('## Reviews', '', `${rating}.`, '');
    for (const review of page.reviews) {
      out.push(`- ${review.rating} of 5, ${m(review.authorName)}, ${review.createdAt.slice(0, 10)}${review.text ? `: ${m(review.text)}` : ''}`);
    }
    if (page.reviews.length > 0) out.push('');
  }

  if (bookable(page)) {
    out.push('## Booking', '', `Bookable through the API: \`POST ${new URL('/v1/bookings', page.origin).toString()}\` (see <${new URL('/v1/openapi.json', page.origin).toString()}>).`, '');
  }
  const confirmed = confirmationText(profile);
  out.push(`Last updated ${profile.updatedAt.slice(0, 10)}. Information provided by the business.${confirmed ? ` ${confirmed}` : ''}`, '');
  out.push(`Closed, or something wrong? Report it: \`POST ${reportAddress(page)}\` with {"kind": "closed"} or {"kind": "wrong_information", "details": "..."}.`, '');
  return out.join('\n');
}

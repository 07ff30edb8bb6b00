// A business's public page as HTML: server-rendered, readable without JavaScript and on a phone,
// its schema.org JSON-LD in the head, a canonical link, and noindex when the owner asked for it.
// Every owner-written value is escaped (htmlText.ts); links take http(s), mailto: and tel: only.
import type { PublicBusinessPage } from '../../domain/publicPage/publicBusinessPage';
import { publicMediaPath } from '../../domain/publicPage/publicVisibility';
import { businessJsonLd, jsonLdScriptText } from './businessJsonLd';
import { escapeHtml as e, safeHref } from './htmlText';
import { addressLine, closedDates, confirmationText, hoursLines, kindAndPlace, operatingStatusText, ratingText, serviceDetails } from './pageFacts';
import { PAGE_STYLE } from './pageStyle';

function section(title: string, body: string): string {
  return body === '' ? '' : `<section><h2>${e(title)}</h2>${body}</section>`;
}

function link(url: string, text: string, rel?: string): string {
  const href = safeHref(url);
  return href ? `<a href="${href}"${rel ? ` rel="${rel}"` : ''}>${e(text)}</a>` : e(text);
}

function contact(page: PublicBusinessPage): string {
  const { profile } = page;
  const rows: Array<[string, string]> = [];
  const address = addressLine(profile);
  if (address) rows.push(['Address', e(address)]);
  if (profile.contact.phone) rows.push(['Phone', link(`tel:${profile.contact.phone}`, profile.contact.phone)]);
  if (profile.contact.email) rows.push(['Email', link(`mailto:${profile.contact.email}`, profile.contact.email)]);
  if (profile.contact.website) rows.push(['Website', link(profile.contact.website, profile.contact.website, 'noopener')]);
  return rows.length === 0 ? '' : `<dl>${rows.map(([term, value]) => `<dt>${e(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function hours(page: PublicBusinessPage): string {
  const lines = hoursLines(page.profile);
  if (lines.length === 0) return '';
  const zone = page.timeZone ? `<p class="detail">Local time (${e(page.timeZone)}).</p>` : '';
  const closed = closedDates(page);
  const closures = closed.length === 0 ? '' : `<p>Closed on ${closed.map((date) => `<time datetime="${date}">${date}</time>`).join(', ')}.</p>`;
  return `<dl>${lines.map(([day, time]) => `<dt>${day}</dt><dd>${e(time)}</dd>`).join('')}</dl>${zone}${closures}`;
}

function services(page: PublicBusinessPage): string {
  const items = page.profile.services.map((service) => {
    const details = serviceDetails(service);
    return `<li><strong>${e(service.name)}</strong>${details ? ` <span class="detail">${e(details)}</span>` : ''}` +
      `${service.description ? `<br>${e(service.description)}` : ''}</li>`;
  });
  return items.length === 0 ? '' : `<ul class="plain">${items.join('')}</ul>`;
}

function reviews(page: PublicBusinessPage): string {
  const summary = ratingText(page.profile);
  if (!summary) return '';
  const items = page.reviews.map((review) =>
    `<li><strong>${review.rating} of 5</strong> <span class="detail">${e(review.authorName)}, <time datetime="${review.createdAt.slice(0, 10)}">${review.createdAt.slice(0, 10)}</time></span>` +
      `${review.text ? `<blockquote>${e(review.text)}</blockquote>` : ''}</li>`);
  return `<p>${e(summary)}.</p>${items.length > 0 ? `<ul class="plain">${items.join('')}</ul>` : ''}`;
}

function photos(page: PublicBusinessPage): string {
  const { photos: urls } = page.profile.media;
  if (urls.length === 0) return '';
  return `<div class="photos">${urls.slice(0, 12).map((url, i) => `<img src="${e(publicMediaPath(url))}" alt="${e(`${page.profile.name}, photo ${i + 1}`)}" loading="lazy">`).join('')}</div>`;
}

export function businessHtml(page: PublicBusinessPage): string {
  const { profile } = page;
  const description = profile.tagline ?? profile.description ?? kindAndPlace(profile);
  const paragraphs = (profile.description ?? '').split(/\n\s*\n/).filter((text) => text.trim() !== '').map((text) => `<p>${e(text.trim())}</p>`).join('');
  const closed = operatingStatusText(profile);
  const confirmed = confirmationText(profile);
  const logo = profile.media.logo ? `<img class="logo" src="${e(publicMediaPath(profile.media.logo))}" alt="${e(`${profile.name} logo`)}" width="72" height="72">` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(profile.name)} · ${e(kindAndPlace(profile))}</title>
<meta name="description" content="${e(description.slice(0, 300))}">
${page.noindex ? '<meta name="robots" content="noindex">\n' : ''}<link rel="canonical" href="${e(page.url)}">
<link rel="alternate" type="text/markdown" href="${e(`${page.url}.md`)}">
<meta property="og:type" content="business.business">
<meta property="og:title" content="${e(profile.name)}">
<meta property="og:url" content="${e(page.url)}">
<meta property="og:description" content="${e(description.slice(0, 300))}">
<style>${PAGE_STYLE}</style>
<script type="application/ld+json">${jsonLdScriptText(businessJsonLd(page))}</script>
</head>
<body>
<main>
<header>${logo}<h1>${e(profile.name)}</h1><p class="kind">${e(kindAndPlace(profile))}</p>${profile.tagline ? `<p class="tagline">${e(profile.tagline)}</p>` : ''}</header>
${closed ? `<p class="status" role="status"><strong>${e(closed)}</strong></p>` : ''}
${paragraphs}
${section('Contact', contact(page))}
${section('Opening hours', hours(page))}
${section('Services', services(page))}
${section('Reviews', reviews(page))}
${section('Photos', photos(page))}
<footer><p>Also as <a href="${e(`${page.url}.md`)}">Markdown</a>. Information provided by the business.${confirmed ? ` ${e(confirmed)}` : ''}</p></footer>
</main>
</body>
</html>
`;
}

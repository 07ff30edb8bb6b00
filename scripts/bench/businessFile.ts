// The benchmark's generated businesses as an import file in our own profile schema (one JSON
// object per line), so the search benchmark loads them the way an operator loads listings: through
// `npm run import`'s code path. Each row keeps the generator's id as its source id; the fields the
// API computes (ids of services, dedupe keys, scores, timestamps) are left for the import to compute.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { BusinessProfile } from '../../src/domain/profile';

export function profileRow(profile: BusinessProfile): Record<string, unknown> {
  return {
    id: profile.id,
    name: profile.name,
    category: profile.category,
    ...(profile.description !== undefined && { description: profile.description }),
    ...(profile.tagline !== undefined && { tagline: profile.tagline }),
    location: profile.location,
    contact: profile.contact,
    services: profile.services.map(({ id: _id, createdAt: _created, updatedAt: _updated, ...service }) => service),
    hours: profile.hours,
    status: profile.status,
    trust: profile.trust,
    exclusiveContent: profile.exclusiveContent,
    media: profile.media,
    ...(profile.blackoutDates.length > 0 && { blackoutDates: profile.blackoutDates }),
  };
}

/** Writes the businesses to `file`, one row per line; returns how many. */
export async function writeBusinessFile(file: string, businesses: Iterable<BusinessProfile>): Promise<number> {
  const out = createWriteStream(file);
  let written = 0;
  let chunk = '';
  for (const profile of businesses) {
    chunk += `${JSON.stringify(profileRow(profile))}\n`;
    written += 1;
    if (chunk.length >= 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
  return written;
}

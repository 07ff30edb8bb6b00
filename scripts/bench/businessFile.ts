// The benchmark's generated businesses as an import file (one JSON object per line), so the search
// benchmark loads them the way an operator loads listings: through `npm run import`'s code path.
// In our own profile schema each row keeps the generator's id as its source id and everything a
// profile holds; the fields the API computes (ids of services, dedupe keys, scores, timestamps) are
// left for the import to compute. In Overture's schema (GeoJSON features, as Overture's downloader
// writes them) a row holds what an open place data set has: name, point, category, address, contact.
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

/** The business as Overture would list it: no description, services, hours or trust. */
export function overtureFeature(profile: BusinessProfile): Record<string, unknown> {
  const { address, coordinates } = profile.location;
  const { phone, website, email } = profile.contact;
  return {
    type: 'Feature',
    id: profile.id,
    geometry: { type: 'Point', coordinates: [coordinates?.lon, coordinates?.lat] },
    properties: {
      theme: 'places',
      type: 'place',
      version: 1,
      names: { primary: profile.name },
      categories: { primary: profile.category.toLowerCase().replace(/[^a-z0-9]+/g, '_') },
      confidence: 0.9,
      ...(website && { websites: [website] }),
      ...(phone && { phones: [phone] }),
      ...(email && { emails: [email] }),
      addresses: [{ freeform: address?.street, locality: address?.city, postcode: address?.postalCode, region: `${address?.country}-${address?.state}`, country: address?.country }],
      operating_status: 'open',
    },
  };
}

export type BusinessFileShape = 'profiles' | 'overture';

/** Writes the businesses to `file`, one row per line; returns how many. */
export async function writeBusinessFile(file: string, businesses: Iterable<BusinessProfile>, shape: BusinessFileShape = 'profiles'): Promise<number> {
  const row = shape === 'overture' ? overtureFeature : profileRow;
  const out = createWriteStream(file);
  let written = 0;
  let chunk = '';
  for (const profile of businesses) {
    chunk += `${JSON.stringify(row(profile))}\n`;
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

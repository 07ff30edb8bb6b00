// What the directory-wide public documents (sitemaps, llms.txt, the Markdown indexes) read of each
// published business: a few fields, not the whole profile, so walking 100 000 of them stays cheap.
import { locationOf, type BusinessProfile } from '../profile';

export type PublishedListing = Pick<
  BusinessProfile,
  'id' | 'environment' | 'status' | 'name' | 'category' | 'categoryKeys' | 'publicSlugs' | 'publicPage' | 'ownerSuspended' | 'updatedAt'
> & { location: { address?: Pick<NonNullable<BusinessProfile['location']['address']>, 'city' | 'state' | 'country'> } };

export interface PublishedPage {
  listings: PublishedListing[];
  /** Opaque position of the next page; absent on the last one. */
  next?: string;
}

/** The listing fields of a profile (adapters that read whole documents keep these only). */
export function publishedListingOf(profile: BusinessProfile): PublishedListing {
  const at = locationOf(profile).address;
  return {
    id: profile.id,
    environment: profile.environment,
    status: profile.status,
    name: profile.name,
    category: profile.category,
    ...(profile.categoryKeys && { categoryKeys: profile.categoryKeys }),
    ...(profile.publicSlugs && { publicSlugs: profile.publicSlugs }),
    ...(profile.publicPage && { publicPage: profile.publicPage }),
    ...(profile.ownerSuspended && { ownerSuspended: profile.ownerSuspended }),
    updatedAt: profile.updatedAt,
    location: at ? { address: { ...(at.city && { city: at.city }), ...(at.state && { state: at.state }), ...(at.country && { country: at.country }) } } : {},
  };
}

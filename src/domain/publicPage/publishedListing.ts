// What the directory-wide public documents (sitemaps, llms.txt, the Markdown indexes) read of each
// published business: a few fields, not the whole profile, so walking 100 000 of them stays cheap.
import type { BusinessProfile } from '../profile';

export type PublishedListing = Pick<
  BusinessProfile,
  'id' | 'environment' | 'status' | 'name' | 'category' | 'categoryKeys' | 'publicSlugs' | 'publicPage' | 'ownerSuspended' | 'updatedAt'
> & { location: { address?: Pick<NonNullable<BusinessProfile['location']['address']>, 'city' | 'state' | 'country'> } };

export interface PublishedPage {
  listings: PublishedListing[];
  /** Opaque position of the next page; absent on the last one. */
  next?: string;
}

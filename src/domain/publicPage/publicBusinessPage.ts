// Everything one public business page shows, gathered once and rendered three ways (HTML with
// JSON-LD, Markdown, and the JSON-LD alone): the profile, its newest visible reviews, where the
// page lives and the business's today (upcoming closures are counted from it).
import type { BusinessProfile } from '../profile';
import type { Review } from '../reviews/review';

export interface PublicBusinessPage {
  profile: BusinessProfile;
  /** Newest visible reviews first, a few. */
  reviews: Review[];
  /** This host's origin (PUBLIC_URL, or the request's): every link in the page is absolute. */
  origin: string;
  /** The page's canonical address: origin + /b/{current slug}. */
  url: string;
  /** The business's local date, YYYY-MM-DD. */
  today: string;
  /** The business's time zone, when it has coordinates. */
  timeZone?: string;
  /** Search engines and AI crawlers are asked not to index it (the owner's noindex). */
  noindex: boolean;
}

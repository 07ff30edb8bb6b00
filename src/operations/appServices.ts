// The services every operation may call, built once by the composition root
// (runtime/composeServices.ts) for the API, the workers and the MCP stdio server alike.
import type { Readiness } from '../ports/readiness';
import type { SessionStore } from '../ports/sessionStore';
import type { AuthFailureLimiter } from '../ports/authFailureLimiter';
import type { AccountAdminService } from '../services/accountAdminService';
import type { RecordAnswer } from '../services/analytics/answerRecording';
import type { TrackedLinks } from '../services/analytics/trackedLinks';
import type { BookingService } from '../services/bookings/bookingService';
import type { AnalyticsQuestionServices } from '../services/analytics/analyticsServices';
import type { EventIngestion } from '../services/analytics/eventIngestion';
import type { PlatformRegistry } from '../services/analytics/platformRegistry';
import type { ApiKeyService } from '../services/apiKeyService';
import type { AuthService } from '../services/authService';
import type { CatalogService } from '../services/catalogService';
import type { MediaService } from '../services/mediaService';
import type { CheckOpen } from '../services/openingCheck';
import type { OAuthClientService } from '../services/oauth/clientService';
import type { OwnedProfiles } from '../services/ownedProfiles';
import type { PartnerAgreementService } from '../services/partners/partnerAgreementService';
import type { ProfileService } from '../services/profileService';
import type { ReviewService } from '../services/reviews/reviewService';
import type { ConsumerSearch } from '../services/search/consumerSearch';
import type { ListingSearch } from '../services/search/listingSearch';
import type { VerificationService } from '../services/verificationService';
import type { SummaryReportService } from '../services/summaries/summaryReportService';
import type { InformationReportService } from '../services/freshness/informationReportService';
import type { SummaryDisclosures } from '../services/summaries/summaryDisclosures';
import type { WebhookEndpointService } from '../services/webhooks/webhookEndpointService';
import type { PaymentServices } from '../services/payments/paymentServices';

export interface AppServices {
  auth: AuthService;
  apiKeys: ApiKeyService;
  /** Failed sign-ins per client address and account, shared with every credential check. */
  authFailures: AuthFailureLimiter;
  /** The apps an account registers and allows; absent where the OAuth server is not served. */
  oauthClients?: OAuthClientService;
  profiles: ProfileService;
  catalog: CatalogService;
  media: MediaService;
  verifications: VerificationService;
  ownedProfiles: OwnedProfiles;
  accounts: AccountAdminService;
  partnerAgreements: PartnerAgreementService;
  reviews: ReviewService;
  bookings: BookingService;
  /** Payments: business onboarding, payment records, plans, the provider's webhook. */
  payments: PaymentServices;
  webhookEndpoints: WebhookEndpointService;
  /** Personalisation memory per X-Session-ID. */
  sessions: SessionStore;
  /** Each backend's state, the indexer's and the recorder's (GET /ready). */
  readiness: Readiness;
  /** The OpenAPI document served at GET /openapi.json, built once at start. */
  openApiDocument: Record<string, unknown>;
  consumerSearch: ConsumerSearch;
  listings: ListingSearch;
  checkOpen: CheckOpen;
  /** Records the events of an answer the service gave (impression, citation, comparison). */
  recordAnswer: RecordAnswer;
  trackedLinks: TrackedLinks;
  /** The summary disclosure of a consumer search answer, with its report link. */
  disclosures: SummaryDisclosures;
  /** Reports of wrong search summaries. */
  summaryReports: SummaryReportService;
  /** Reports that a business closed or that its information is wrong, and the owners' answers. */
  informationReports: InformationReportService;
  /** The four analytics questions (spec 4.4). */
  analytics: AnalyticsQuestionServices;
  /** Events partners and businesses report (POST /analytics/events). */
  ingestEvents: EventIngestion;
  /** The AI platform names analytics accept. */
  platforms: PlatformRegistry;
}

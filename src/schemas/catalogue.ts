// Every request and response schema of the API by the name it has in the OpenAPI document's
// components. Operations (src/operations) name their inputs and outputs from here; the document,
// the MCP tools and the GraphQL types all take the very same objects the validators compile.
import type { SchemaObject } from 'ajv';
import { categoryListSchema, openingCheckSchema } from './responses/assistant';
import { createPartnerAgreementBodySchema, updatePartnerAgreementBodySchema } from './endpoints/partnerAgreements';
import { partnerAgreementListSchema, partnerAgreementSchema } from './responses/partnerAgreements';
import { createOAuthClientBodySchema } from './endpoints/oauthClients';
import { oauthAuthorizationListSchema, oauthClientListSchema, oauthClientSchema, oauthClientWithSecretSchema } from './responses/oauthClients';
import { updateAccountBodySchema, verificationDecisionBodySchema } from './endpoints/admin';
import { ingestEventsBodySchema } from './endpoints/analyticsEvents';
import { registerPlatformBodySchema } from './endpoints/analyticsPlatforms';
import { createApiKeyBodySchema } from './endpoints/apiKeys';
import { loginBodySchema, refreshBodySchema, registerBodySchema } from './endpoints/auth';
import { addBlackoutDatesBodySchema } from './endpoints/blackoutDates';
import { consumerSearchBodySchema } from './endpoints/consumerSearch';
import { updateExclusiveContentBodySchema } from './endpoints/exclusiveContent';
import { updateHoursBodySchema } from './endpoints/hours';
import { createProfileBodySchema, updateProfileBodySchema } from './endpoints/profile';
import { createServiceBodySchema, updateServiceBodySchema } from './endpoints/services';
import { requestVerificationBodySchema } from './endpoints/verification';
import { createReviewBodySchema, reviewModerationBodySchema, reviewReplyBodySchema, updateReviewBodySchema } from './endpoints/reviews';
import { reviewListSchema, reviewRecordSchema } from './responses/reviews';
import { createBookingBodySchema, updateBookingBodySchema } from './endpoints/bookings';
import { availabilitySchema, bookingListSchema, bookingRecordSchema } from './responses/bookings';
import { createWebhookEndpointBodySchema, updateWebhookEndpointBodySchema } from './endpoints/webhooks';
import { webhookDeliveryListSchema, webhookDeliverySchema, webhookEndpointListSchema, webhookEndpointSchema, webhookEndpointWithSecretSchema, webhookTestSentSchema } from './responses/webhooks';
import { accountSchema, apiKeyCreatedSchema, apiKeyListSchema, apiKeyRevokedSchema, apiKeySchema, tokenPairSchema } from './responses/account';
import { deletedSchema, errorDetailsSchema, metaSchema } from './responses/common';
import {
  blackoutDatesResultSchema,
  exclusiveContentResultSchema,
  hoursResultSchema,
  informationConfirmedSchema,
  profileCreatedSchema,
  profileRecordSchema,
  profileStatusSchema,
  profileUpdatedSchema,
  serviceRecordSchema,
} from './responses/profile';
import {
  healthSchema,
  mediaUploadedSchema,
  readinessSchema,
  verificationHistorySchema,
  verificationQueueSchema,
  verificationRecordSchema,
} from './responses/records';
import { consumerSearchResultSchema, listingBusinessSchema, listingResultSchema, searchResultBusinessSchema } from './responses/search';
import { profileListSchema } from './responses/lists';
import { ingestEventsResultSchema, platformListSchema, platformRegisteredSchema } from './responses/analyticsEvents';
import { summaryReportBodySchema } from './endpoints/summaryReports';
import { informationReportAnswerBodySchema, informationReportBodySchema } from './endpoints/informationReports';
import { informationReportListSchema, informationReportSchema } from './responses/informationReports';
import { summaryDisclosureSchema, summaryReportListSchema, summaryReportSchema } from './responses/summaryReports';
import { billingPortalBodySchema, paymentAccountBodySchema, planCheckoutBodySchema } from './endpoints/payments';
import { billingPortalSchema, checkoutSchema, paymentAccountSchema, paymentEventSchema, paymentListSchema, paymentRecordSchema } from './responses/payments';

export const REQUEST_SCHEMAS = {
  CreatePartnerAgreementRequest: createPartnerAgreementBodySchema,
  SummaryReportRequest: summaryReportBodySchema,
  InformationReportRequest: informationReportBodySchema,
  InformationReportAnswerRequest: informationReportAnswerBodySchema,
  UpdatePartnerAgreementRequest: updatePartnerAgreementBodySchema,
  RegisterRequest: registerBodySchema,
  LoginRequest: loginBodySchema,
  RefreshRequest: refreshBodySchema,
  CreateApiKeyRequest: createApiKeyBodySchema,
  CreateProfileRequest: createProfileBodySchema,
  UpdateProfileRequest: updateProfileBodySchema,
  CreateServiceRequest: createServiceBodySchema,
  UpdateServiceRequest: updateServiceBodySchema,
  UpdateExclusiveContentRequest: updateExclusiveContentBodySchema,
  UpdateHoursRequest: updateHoursBodySchema,
  BlackoutDatesRequest: addBlackoutDatesBodySchema,
  VerificationRequest: requestVerificationBodySchema,
  VerificationDecisionRequest: verificationDecisionBodySchema,
  UpdateAccountRequest: updateAccountBodySchema,
  ConsumerSearchRequest: consumerSearchBodySchema,
  IngestAnalyticsEventsRequest: ingestEventsBodySchema,
  RegisterAnalyticsPlatformRequest: registerPlatformBodySchema,
  CreateReviewRequest: createReviewBodySchema,
  UpdateReviewRequest: updateReviewBodySchema,
  ReviewReplyRequest: reviewReplyBodySchema,
  ReviewModerationRequest: reviewModerationBodySchema,
  CreateBookingRequest: createBookingBodySchema,
  UpdateBookingRequest: updateBookingBodySchema,
  CreateOAuthClientRequest: createOAuthClientBodySchema,
  CreateWebhookEndpointRequest: createWebhookEndpointBodySchema,
  UpdateWebhookEndpointRequest: updateWebhookEndpointBodySchema,
  PaymentAccountRequest: paymentAccountBodySchema,
  PlanCheckoutRequest: planCheckoutBodySchema,
  BillingPortalRequest: billingPortalBodySchema,
} satisfies Record<string, SchemaObject>;

export type RequestSchemaName = keyof typeof REQUEST_SCHEMAS;

export const RESPONSE_SCHEMAS = {
  PartnerAgreement: partnerAgreementSchema,
  SummaryDisclosure: summaryDisclosureSchema,
  SummaryReport: summaryReportSchema,
  SummaryReportList: summaryReportListSchema,
  InformationReport: informationReportSchema,
  InformationReportList: informationReportListSchema,
  OAuthClient: oauthClientSchema,
  OAuthClientWithSecret: oauthClientWithSecretSchema,
  OAuthClientList: oauthClientListSchema,
  OAuthAuthorizationList: oauthAuthorizationListSchema,
  PartnerAgreementList: partnerAgreementListSchema,
  Meta: metaSchema,
  ErrorDetails: errorDetailsSchema,
  Deleted: deletedSchema,
  Profile: profileRecordSchema,
  ProfileCreated: profileCreatedSchema,
  ProfileUpdated: profileUpdatedSchema,
  ProfileStatus: profileStatusSchema,
  InformationConfirmed: informationConfirmedSchema,
  ProfileList: profileListSchema,
  Service: serviceRecordSchema,
  HoursResult: hoursResultSchema,
  BlackoutDates: blackoutDatesResultSchema,
  ExclusiveContentResult: exclusiveContentResultSchema,
  MediaUploaded: mediaUploadedSchema,
  Verification: verificationRecordSchema,
  VerificationHistory: verificationHistorySchema,
  VerificationQueue: verificationQueueSchema,
  Account: accountSchema,
  TokenPair: tokenPairSchema,
  ApiKey: apiKeySchema,
  ApiKeyCreated: apiKeyCreatedSchema,
  ApiKeyList: apiKeyListSchema,
  ApiKeyRevoked: apiKeyRevokedSchema,
  SearchResultBusiness: searchResultBusinessSchema,
  ListingBusiness: listingBusinessSchema,
  ConsumerSearchResult: consumerSearchResultSchema,
  ListingResult: listingResultSchema,
  Health: healthSchema,
  IngestAnalyticsEventsResult: ingestEventsResultSchema,
  AnalyticsPlatformList: platformListSchema,
  AnalyticsPlatform: platformRegisteredSchema,
  Readiness: readinessSchema,
  Review: reviewRecordSchema,
  ReviewList: reviewListSchema,
  Availability: availabilitySchema,
  Booking: bookingRecordSchema,
  BookingList: bookingListSchema,
  WebhookEndpoint: webhookEndpointSchema,
  WebhookEndpointWithSecret: webhookEndpointWithSecretSchema,
  WebhookEndpointList: webhookEndpointListSchema,
  WebhookDelivery: webhookDeliverySchema,
  WebhookDeliveryList: webhookDeliveryListSchema,
  WebhookTestSent: webhookTestSentSchema,
  OpeningCheck: openingCheckSchema,
  CategoryList: categoryListSchema,
  Payment: paymentRecordSchema,
  PaymentList: paymentListSchema,
  PaymentEvent: paymentEventSchema,
  PaymentAccount: paymentAccountSchema,
  Checkout: checkoutSchema,
  BillingPortal: billingPortalSchema,
} satisfies Record<string, SchemaObject>;

export type DataSchemaName = keyof typeof RESPONSE_SCHEMAS;

/** A schema with the name it has in the document's components; `Schema` keeps a TypeBox schema's type. */
export interface NamedSchema<Schema extends SchemaObject = SchemaObject> {
  name: string;
  schema: Schema;
}

export function requestSchema<Name extends RequestSchemaName>(name: Name): NamedSchema<(typeof REQUEST_SCHEMAS)[Name]> {
  return { name, schema: REQUEST_SCHEMAS[name] };
}

export function responseSchema<Name extends DataSchemaName>(name: Name): NamedSchema<(typeof RESPONSE_SCHEMAS)[Name]> {
  return { name, schema: RESPONSE_SCHEMAS[name] };
}

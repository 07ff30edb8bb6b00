// One realistic call per documented operation (and a few second calls for the other answers an
// operation documents: 304, the multi-profile 400), in an order where each call finds what it
// needs: creating operations keep the ids they answer in world.ids for the ones after them.
import type { Response } from 'supertest';
import { authorize, basicAuth, pkcePair } from '../oauthTokens';
import { dayFromNow, publishedBusiness, type World } from './world';

type Json = Record<string, any>;

export interface Call {
  method: string;
  /** Under /v1. */
  path: string;
  auth?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
  multipart?: { fields: Record<string, string>; file: { bytes: Buffer; filename: string; contentType: string } };
  /** The answer expected; by default the operation's documented success. */
  status?: number;
  /** For an expected error: its code and the field it names. */
  error?: { code: string; field?: string };
  /**
   * How a call without a required input is refused: the envelope's 400 VALIDATION_ERROR naming it
   * (default), or GraphQL's 400 with errors[] (GraphQL over HTTP, asked for with its media type).
   */
  refusal?: 'envelope' | 'graphql';
}

export interface Case {
  operationId: string;
  /** What this call shows, when an operation has more than one case. */
  note?: string;
  call(world: World): Call | Promise<Call>;
  /** Keeps what later cases need from the answer. */
  after?(response: Response, world: World): void;
}

// A real 1x1 PNG.
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PASSWORD = 'correct horse battery staple';
const RANGE = () => ({ startDate: dayFromNow(-7), endDate: dayFromNow(0) });
const MCP_ACCEPT = { Accept: 'application/json, text/event-stream' };
const INITIALIZE = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'conformance', version: '1' } } };

const keep = (name: string, pick: (body: Json) => string) => (response: Response, world: World) => {
  world.ids[name] = pick(response.body);
};
const profile = (world: World, rest = '') => `/business/profile/${world.businessId}${rest}`;
const upload = (world: World, type: string): Call => ({
  method: 'post',
  path: '/business/profile/media',
  auth: world.owner.auth,
  multipart: { fields: { type, businessId: world.businessId }, file: { bytes: PNG, filename: 'logo.png', contentType: 'image/png' } },
});

/** A form-encoded call by the world's OAuth app, authenticated with HTTP Basic. */
function oauthForm(world: World, path: string, form: Record<string, string>): Call {
  return { method: 'post', path, auth: { Authorization: basicAuth(world.oauth.client) }, headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form };
}

/** A fresh authorization code of the world's OAuth app (sign-in and consent walked over HTTP), exchanged with its PKCE verifier. */
async function codeExchange(world: World): Promise<Call> {
  const { client } = world.oauth;
  const { verifier, challenge } = pkcePair();
  const query = { client_id: client.clientId, redirect_uri: client.redirectUri, response_type: 'code', scope: 'read:businesses', state: 'conformance', code_challenge: challenge, code_challenge_method: 'S256' };
  const code = (await authorize(world.app, world.owner, query)).searchParams.get('code') as string;
  return oauthForm(world, '/oauth/token', { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, code_verifier: verifier });
}

export const CASES: Case[] = [
  // System.
  { operationId: 'health', call: () => ({ method: 'get', path: '/health' }) },
  { operationId: 'ready', call: () => ({ method: 'get', path: '/ready' }) },
  { operationId: 'ready', note: 'an admin sees the details', call: (w) => ({ method: 'get', path: '/ready', auth: w.admin.auth }) },
  { operationId: 'openApiDocument', call: () => ({ method: 'get', path: '/openapi.json' }) },

  // Accounts and keys.
  { operationId: 'register', call: () => ({ method: 'post', path: '/auth/register', body: { email: `new.${Date.now()}@example.com`, password: PASSWORD, name: 'Newcomer' } }) },
  { operationId: 'login', call: (w) => ({ method: 'post', path: '/auth/login', body: { email: w.customer.email, password: PASSWORD } }), after: keep('refreshToken', (b) => b.data.refreshToken) },
  { operationId: 'refreshToken', call: (w) => ({ method: 'post', path: '/auth/refresh', body: { refreshToken: w.ids.refreshToken } }) },
  { operationId: 'createApiKey', call: (w) => ({ method: 'post', path: '/auth/api-keys', auth: w.owner.auth, body: { name: 'ci key', environment: 'live', scopes: ['read:businesses'] } }), after: keep('keyId', (b) => b.data.id) },
  { operationId: 'listApiKeys', call: (w) => ({ method: 'get', path: '/auth/api-keys', auth: w.owner.auth }) },
  { operationId: 'revokeApiKey', call: (w) => ({ method: 'delete', path: `/auth/api-keys/${w.ids.keyId}`, auth: w.owner.auth }) },

  // Profiles and what hangs off them.
  { operationId: 'createProfile', call: (w) => ({ method: 'post', path: '/business/profile', auth: w.owner.auth, body: { name: 'Second Kitchen', category: 'restaurants' } }), after: keep('draftId', (b) => b.data.id) },
  { operationId: 'listOwnProfiles', call: (w) => ({ method: 'get', path: '/business/profile', auth: w.owner.auth, query: { limit: '10' } }) },
  { operationId: 'getProfileStatus', call: (w) => ({ method: 'get', path: '/business/profile/status', auth: w.owner.auth, query: { businessId: w.businessId } }) },
  { operationId: 'checkOpen', call: (w) => ({ method: 'get', path: profile(w, '/opening-check'), auth: w.customer.auth, query: { localTime: '2026-03-16T12:00' } }) },
  { operationId: 'checkOpen', note: 'an instant', call: (w) => ({ method: 'get', path: profile(w, '/opening-check'), auth: w.customer.auth, query: { localTime: '2026-03-16T17:00:00Z' } }) },
  { operationId: 'checkOpen', note: 'now', call: (w) => ({ method: 'get', path: profile(w, '/opening-check'), auth: w.customer.auth }) },
  { operationId: 'listCategories', call: (w) => ({ method: 'get', path: '/categories', auth: w.customer.auth }) },
  {
    operationId: 'getProfileStatus',
    note: 'an account with several profiles must say which',
    call: (w) => ({ method: 'get', path: '/business/profile/status', auth: w.owner.auth, status: 400, error: { code: 'VALIDATION_ERROR', field: 'businessId' } }),
  },
  { operationId: 'getProfile', call: (w) => ({ method: 'get', path: profile(w), auth: w.customer.auth, headers: { 'X-Session-ID': 'conformance-session-1' } }), after: (r, w) => void (w.ids.etag = r.headers.etag as string) },
  { operationId: 'getProfile', note: 'If-None-Match with the current ETag', call: (w) => ({ method: 'get', path: profile(w), auth: w.customer.auth, headers: { 'If-None-Match': w.ids.etag }, status: 304 }) },
  { operationId: 'updateProfile', call: (w) => ({ method: 'patch', path: profile(w), auth: w.owner.auth, body: { tagline: 'Seasonal plant-based food, all week' } }) },
  { operationId: 'addService', call: (w) => ({ method: 'post', path: profile(w, '/services'), auth: w.owner.auth, body: { name: 'Tasting menu', duration: 90 } }), after: keep('extraServiceId', (b) => b.data.id) },
  { operationId: 'updateService', call: (w) => ({ method: 'patch', path: profile(w, `/services/${w.ids.extraServiceId}`), auth: w.owner.auth, body: { name: 'Chef tasting menu' } }) },
  { operationId: 'deleteService', call: (w) => ({ method: 'delete', path: profile(w, `/services/${w.ids.extraServiceId}`), auth: w.owner.auth }) },
  { operationId: 'updateExclusiveContent', call: (w) => ({ method: 'patch', path: profile(w, '/exclusive-content'), auth: w.owner.auth, body: { insiderTips: 'Ask for the window table.' } }) },
  { operationId: 'updateHours', call: (w) => ({ method: 'patch', path: profile(w, '/hours'), auth: w.owner.auth, body: { sunday: { open: '09:00', close: '21:00' } } }) },
  { operationId: 'addBlackoutDates', call: (w) => ({ method: 'post', path: profile(w, '/blackout-dates'), auth: w.owner.auth, body: { dates: [dayFromNow(20), dayFromNow(21)] } }) },
  { operationId: 'listBlackoutDates', call: (w) => ({ method: 'get', path: profile(w, '/blackout-dates'), auth: w.owner.auth }) },
  { operationId: 'removeBlackoutDates', call: (w) => ({ method: 'delete', path: profile(w, '/blackout-dates'), auth: w.owner.auth, body: { dates: [dayFromNow(20)] } }) },
  { operationId: 'removeBlackoutDates', note: 'the dates in the query', call: (w) => ({ method: 'delete', path: profile(w, '/blackout-dates'), auth: w.owner.auth, query: { dates: dayFromNow(21) } }) },
  {
    operationId: 'removeBlackoutDates',
    note: 'neither a body nor the query: dates is required',
    call: (w) => ({ method: 'delete', path: profile(w, '/blackout-dates'), auth: w.owner.auth, status: 400, error: { code: 'VALIDATION_ERROR', field: 'dates' } }),
  },

  // Media.
  { operationId: 'uploadMedia', call: (w) => upload(w, 'logo'), after: keep('logoId', (b) => b.data.id) },
  { operationId: 'uploadMedia', note: 'a photo', call: (w) => upload(w, 'photo'), after: keep('photoId', (b) => b.data.id) },
  { operationId: 'getMedia', call: (w) => ({ method: 'get', path: `/media/${w.ids.logoId}`, auth: w.customer.auth }) },
  { operationId: 'getProfile', note: 'with media', call: (w) => ({ method: 'get', path: profile(w), auth: w.owner.auth }) },
  { operationId: 'deleteMedia', call: (w) => ({ method: 'delete', path: `/business/profile/media/${w.ids.photoId}`, auth: w.owner.auth }) },

  // Verification.
  { operationId: 'confirmProfileInformation', call: (w) => ({ method: 'post', path: profile(w, '/confirm'), auth: w.owner.auth }) },
  { operationId: 'requestVerification', call: (w) => ({ method: 'post', path: profile(w, '/verification'), auth: w.owner.auth, body: { level: 'basic', documents: ['https://greenleaf.example/licence.pdf'] } }), after: keep('verificationId', (b) => b.data.verificationId) },
  { operationId: 'listVerifications', call: (w) => ({ method: 'get', path: profile(w, '/verification'), auth: w.owner.auth }) },
  { operationId: 'listPendingVerifications', call: (w) => ({ method: 'get', path: '/admin/verifications', auth: w.admin.auth, query: { limit: '5' } }) },
  { operationId: 'decideVerification', call: (w) => ({ method: 'post', path: `/admin/verifications/${w.ids.verificationId}/decision`, auth: w.admin.auth, body: { decision: 'approve', note: 'Licence checked.' } }) },

  // Admin.
  { operationId: 'updateAccount', call: (w) => ({ method: 'patch', path: `/admin/accounts/${w.customer.accountId}`, auth: w.admin.auth, body: { plan: 'professional' } }) },
  {
    operationId: 'createPartnerAgreement',
    call: (w) => ({ method: 'post', path: '/admin/partner-agreements', auth: w.admin.auth, body: { accountId: w.customer.accountId, partnerName: 'Customer Labs', platform: 'other', areas: ['partner_search'], startDate: '2020-01-01' } }),
    after: keep('agreementId', (b) => b.data.id),
  },
  { operationId: 'listPartnerAgreements', call: (w) => ({ method: 'get', path: '/admin/partner-agreements', auth: w.admin.auth, query: { accountId: w.customer.accountId } }) },
  { operationId: 'getPartnerAgreement', call: (w) => ({ method: 'get', path: `/admin/partner-agreements/${w.ids.agreementId}`, auth: w.admin.auth }) },
  { operationId: 'updatePartnerAgreement', call: (w) => ({ method: 'patch', path: `/admin/partner-agreements/${w.ids.agreementId}`, auth: w.admin.auth, body: { status: 'suspended', note: 'Paused by the partner.' } }) },
  { operationId: 'registerAnalyticsPlatform', call: (w) => ({ method: 'post', path: '/admin/analytics-platforms', auth: w.admin.auth, body: { name: 'mistral', displayName: 'Le Chat' } }) },
  { operationId: 'adminListAnalyticsPlatforms', call: (w) => ({ method: 'get', path: '/admin/analytics-platforms', auth: w.admin.auth }) },
  { operationId: 'listAnalyticsPlatforms', call: (w) => ({ method: 'get', path: '/analytics/platforms', auth: w.owner.auth }) },

  // OAuth apps.
  { operationId: 'registerOAuthClient', call: (w) => ({ method: 'post', path: '/oauth/clients', auth: w.owner.auth, body: { name: 'Conformance App', redirectUris: ['http://127.0.0.1:8765/callback'], type: 'confidential' } }), after: keep('clientId', (b) => b.data.clientId) },
  { operationId: 'listOAuthClients', call: (w) => ({ method: 'get', path: '/oauth/clients', auth: w.owner.auth }) },
  { operationId: 'getOAuthClient', call: (w) => ({ method: 'get', path: `/oauth/clients/${w.ids.clientId}`, auth: w.owner.auth }) },
  { operationId: 'rotateOAuthClientSecret', call: (w) => ({ method: 'post', path: `/oauth/clients/${w.ids.clientId}/rotate-secret`, auth: w.owner.auth }) },
  { operationId: 'deleteOAuthClient', call: (w) => ({ method: 'delete', path: `/oauth/clients/${w.ids.clientId}`, auth: w.owner.auth }) },
  { operationId: 'listOAuthAuthorizations', call: (w) => ({ method: 'get', path: '/oauth/authorizations', auth: w.owner.auth }) },
  // The OAuth protocol endpoints (oidc-provider's): form-encoded, the app authenticating with HTTP Basic.
  { operationId: 'oauthToken', note: 'an authorization code', call: (w) => codeExchange(w), after: (response, w) => {
    w.ids.oauthAccessToken = response.body.access_token;
    w.ids.oauthRefreshToken = response.body.refresh_token;
  } },
  { operationId: 'oauthToken', note: 'a refresh token', call: (w) => oauthForm(w, '/oauth/token', { grant_type: 'refresh_token', refresh_token: w.ids.oauthRefreshToken }), after: keep('oauthRefreshToken', (b) => b.refresh_token) },
  { operationId: 'oauthToken', note: 'an unknown code is invalid_grant', call: (w) => ({ ...oauthForm(w, '/oauth/token', { grant_type: 'authorization_code', code: 'x'.repeat(43), redirect_uri: w.oauth.client.redirectUri }), status: 400 }) },
  { operationId: 'oauthIntrospect', call: (w) => oauthForm(w, '/oauth/introspect', { token: w.ids.oauthAccessToken }), after: (response) => expect(response.body).toMatchObject({ active: true, scope: 'read:businesses' }) },
  { operationId: 'oauthRevoke', call: (w) => oauthForm(w, '/oauth/revoke', { token: w.ids.oauthRefreshToken, token_type_hint: 'refresh_token' }) },
  { operationId: 'revokeOAuthAuthorization', call: (w) => ({ method: 'delete', path: `/oauth/authorizations/${w.oauth.client.clientId}`, auth: w.owner.auth }) },

  // Webhook endpoints.
  {
    operationId: 'createWebhookEndpoint',
    call: (w) => ({ method: 'post', path: '/webhooks/endpoints', auth: w.owner.auth, body: { url: 'https://hooks.example.com/receive', events: ['review.submitted', 'booking.created'], description: 'Front desk' } }),
    after: keep('endpointId', (b) => b.data.id),
  },
  { operationId: 'listWebhookEndpoints', call: (w) => ({ method: 'get', path: '/webhooks/endpoints', auth: w.owner.auth, query: { limit: '10' } }) },
  { operationId: 'getWebhookEndpoint', call: (w) => ({ method: 'get', path: `/webhooks/endpoints/${w.ids.endpointId}`, auth: w.owner.auth }) },
  { operationId: 'updateWebhookEndpoint', call: (w) => ({ method: 'patch', path: `/webhooks/endpoints/${w.ids.endpointId}`, auth: w.owner.auth, body: { events: ['*'] } }) },
  { operationId: 'rotateWebhookEndpointSecret', call: (w) => ({ method: 'post', path: `/webhooks/endpoints/${w.ids.endpointId}/rotate-secret`, auth: w.owner.auth }) },
  { operationId: 'sendWebhookTest', call: (w) => ({ method: 'post', path: `/webhooks/endpoints/${w.ids.endpointId}/test`, auth: w.owner.auth }), after: keep('deliveryId', (b) => b.data.delivery.id) },
  { operationId: 'listWebhookDeliveries', call: (w) => ({ method: 'get', path: `/webhooks/endpoints/${w.ids.endpointId}/deliveries`, auth: w.owner.auth }) },
  { operationId: 'retryWebhookDelivery', call: (w) => ({ method: 'post', path: `/webhooks/endpoints/${w.ids.endpointId}/deliveries/${w.ids.deliveryId}/retry`, auth: w.owner.auth }) },
  { operationId: 'deleteWebhookEndpoint', call: (w) => ({ method: 'delete', path: `/webhooks/endpoints/${w.ids.endpointId}`, auth: w.owner.auth }) },

  // Reviews.
  { operationId: 'createReview', call: (w) => ({ method: 'post', path: profile(w, '/reviews'), auth: w.customer.auth, body: { rating: 4, text: 'Lovely bowls, slow service.', visitDate: dayFromNow(-3) } }), after: keep('reviewId', (b) => b.data.id) },
  { operationId: 'listReviews', call: (w) => ({ method: 'get', path: profile(w, '/reviews'), auth: w.owner.auth, query: { sort: 'newest', limit: '10' } }) },
  { operationId: 'getReview', call: (w) => ({ method: 'get', path: profile(w, `/reviews/${w.ids.reviewId}`), auth: w.owner.auth }) },
  { operationId: 'updateReview', call: (w) => ({ method: 'patch', path: profile(w, `/reviews/${w.ids.reviewId}`), auth: w.customer.auth, body: { rating: 5 } }) },
  { operationId: 'replyToReview', call: (w) => ({ method: 'put', path: profile(w, `/reviews/${w.ids.reviewId}/reply`), auth: w.owner.auth, body: { text: 'Thank you, we are hiring!' } }) },
  { operationId: 'moderateReview', call: (w) => ({ method: 'put', path: profile(w, `/reviews/${w.ids.reviewId}/moderation`), auth: w.admin.auth, body: { hidden: false, reason: 'Checked, genuine.' } }) },

  // Bookings.
  {
    operationId: 'getAvailability',
    call: (w) => ({ method: 'get', path: profile(w, `/services/${w.serviceId}/availability`), auth: w.customer.auth, query: { from: dayFromNow(2), to: dayFromNow(3) } }),
    after: keep('slot', (b) => b.data.slots[0].start),
  },
  {
    operationId: 'createBooking',
    call: (w) => ({ method: 'post', path: '/bookings', auth: w.customer.auth, body: { businessId: w.businessId, serviceId: w.serviceId, start: w.ids.slot, customer: { name: 'Sam Rivera', email: 'sam@example.com' } } }),
    after: keep('bookingId', (b) => b.data.id),
  },
  { operationId: 'listMyBookings', call: (w) => ({ method: 'get', path: '/bookings', auth: w.customer.auth }) },
  { operationId: 'getBooking', call: (w) => ({ method: 'get', path: `/bookings/${w.ids.bookingId}`, auth: w.customer.auth }) },
  { operationId: 'listBusinessBookings', call: (w) => ({ method: 'get', path: profile(w, '/bookings'), auth: w.owner.auth }) },
  { operationId: 'updateBooking', call: (w) => ({ method: 'patch', path: `/bookings/${w.ids.bookingId}`, auth: w.owner.auth, body: { status: 'confirmed' } }) },

  // Payments, on a server without payment keys (test/http/payments/ runs them against stripe-mock).
  {
    operationId: 'startPaymentOnboarding',
    call: (w) => ({ method: 'post', path: profile(w, '/payments/account'), auth: w.owner.auth, body: {}, status: 503, error: { code: 'PAYMENTS_NOT_CONFIGURED' } }),
  },
  { operationId: 'getPaymentAccount', call: (w) => ({ method: 'get', path: profile(w, '/payments/account'), auth: w.owner.auth, status: 503, error: { code: 'PAYMENTS_NOT_CONFIGURED' } }) },
  { operationId: 'listBusinessPayments', call: (w) => ({ method: 'get', path: profile(w, '/payments'), auth: w.owner.auth, query: { status: 'succeeded' } }) },
  { operationId: 'listPayments', call: (w) => ({ method: 'get', path: '/payments', auth: w.owner.auth, query: { purpose: 'booking' } }) },
  { operationId: 'getPayment', call: (w) => ({ method: 'get', path: '/payments/pay_NotOneOfTheOwners01', auth: w.owner.auth, status: 404, error: { code: 'PAYMENT_NOT_FOUND' } }) },
  { operationId: 'listAllPayments', call: (w) => ({ method: 'get', path: '/admin/payments', auth: w.admin.auth }) },
  {
    operationId: 'startPlanCheckout',
    call: (w) => ({ method: 'post', path: '/account/plan/checkout', auth: w.owner.auth, body: { plan: 'professional' }, status: 503, error: { code: 'PAYMENTS_NOT_CONFIGURED' } }),
  },
  { operationId: 'openBillingPortal', call: (w) => ({ method: 'post', path: '/account/billing-portal', auth: w.owner.auth, body: {}, status: 503, error: { code: 'PAYMENTS_NOT_CONFIGURED' } }) },
  {
    operationId: 'receiveStripeEvent',
    call: () => ({ method: 'post', path: '/payments/stripe/webhook', headers: { 'Stripe-Signature': 't=1,v1=00' }, body: { id: 'evt_1', object: 'event' }, status: 503, error: { code: 'PAYMENTS_NOT_CONFIGURED' } }),
  },

  // Search and the tracked link.
  {
    operationId: 'consumerSearch',
    call: (w) => ({ method: 'post', path: '/api/v1/consumer/search', auth: w.customer.auth, headers: { 'X-Session-ID': 'conformance-session-1' }, body: { query: 'vegan tacos', location: { lat: 30.2672, lon: -97.7431, distance: '10km' } } }),
    after: keep('summaryReportPath', (b) => new URL(b.data.summaryDisclosure.reportUrl).pathname.replace(/^\/v1/, '')),
  },
  { operationId: 'reportSummary', call: (w) => ({ method: 'post', path: w.ids.summaryReportPath, auth: w.customer.auth, body: { reason: 'outdated', details: 'They stopped serving tacos in May.' }, status: 201 }) },
  { operationId: 'reportSummary', note: 'again: the first report', call: (w) => ({ method: 'post', path: w.ids.summaryReportPath, auth: w.customer.auth, body: { reason: 'other' }, status: 200 }) },
  { operationId: 'listBusinessSummaryReports', call: (w) => ({ method: 'get', path: profile(w, '/summary-reports'), auth: w.owner.auth, query: { limit: '5' } }) },
  { operationId: 'listSummaryReports', call: (w) => ({ method: 'get', path: '/admin/summary-reports', auth: w.admin.auth }) },
  {
    operationId: 'reportBusinessInformation',
    note: 'without a credential',
    call: (w) => ({ method: 'post', path: profile(w, '/information-reports'), body: { kind: 'wrong_information', details: 'The phone number rings a laundromat.' }, status: 201 }),
    after: keep('informationReportId', (b) => b.data.id),
  },
  { operationId: 'reportBusinessInformation', note: 'again: the first report', call: (w) => ({ method: 'post', path: profile(w, '/information-reports'), body: { kind: 'wrong_information' }, status: 200 }) },
  { operationId: 'listInformationReports', call: (w) => ({ method: 'get', path: profile(w, '/information-reports'), auth: w.owner.auth, query: { status: 'open', limit: '5' } }) },
  {
    operationId: 'answerInformationReport',
    call: (w) => ({ method: 'post', path: profile(w, `/information-reports/${w.ids.informationReportId}/answer`), auth: w.owner.auth, body: { status: 'fixed', note: 'Phone number corrected.' } }),
  },
  { operationId: 'directory', call: (w) => ({ method: 'get', path: '/api/v1/directory', auth: w.customer.auth, query: { city: 'Austin', limit: '5' } }) },
  {
    operationId: 'partnerSearch',
    call: (w) => ({ method: 'get', path: '/api/v1/partners/search', auth: w.partnerKey, query: { q: 'plant-based', location: 'Austin, TX' } }),
    after: keep('trackedPath', (b) => new URL(b.data.businesses[0].trackedUrl).pathname.replace(/^\/v1/, '')),
  },
  { operationId: 'followTrackedLink', call: (w) => ({ method: 'get', path: w.ids.trackedPath }) },

  // Analytics.
  {
    operationId: 'ingestAnalyticsEvents',
    call: (w) => ({ method: 'post', path: '/analytics/events', auth: w.partnerKey, body: { events: [{ eventId: 'conformance-1', type: 'conversion', businessId: w.businessId, journeyId: 'conformance-session-1', timestamp: new Date().toISOString(), value: 40, currency: 'USD' }] } }),
  },
  { operationId: 'upstreamMetrics', call: (w) => ({ method: 'get', path: '/analytics/upstream-metrics', auth: w.owner.auth, query: { businessId: w.businessId, ...RANGE() } }) },
  { operationId: 'intentJourneys', call: (w) => ({ method: 'get', path: '/analytics/intent-journeys', auth: w.owner.auth, query: { businessId: w.businessId, ...RANGE() } }) },
  { operationId: 'attribution', call: (w) => ({ method: 'get', path: '/analytics/attribution', auth: w.owner.auth, query: { businessId: w.businessId, ...RANGE() } }) },
  { operationId: 'benchmarks', call: (w) => ({ method: 'get', path: '/analytics/benchmarks', auth: w.owner.auth, query: { businessId: w.businessId, ...RANGE() } }) },

  // MCP and GraphQL.
  { operationId: 'mcpMessage', call: (w) => ({ method: 'post', path: '/mcp', auth: w.owner.auth, headers: MCP_ACCEPT, body: INITIALIZE }), after: (r, w) => void (w.ids.mcpSession = r.headers['mcp-session-id'] as string) },
  {
    operationId: 'mcpMessage',
    note: 'a notification: 202 without a body',
    call: (w) => ({ method: 'post', path: '/mcp', auth: w.owner.auth, headers: { ...MCP_ACCEPT, 'Mcp-Session-Id': w.ids.mcpSession }, body: { jsonrpc: '2.0', method: 'notifications/initialized' }, status: 202 }),
  },
  {
    operationId: 'mcpMessage',
    note: 'a tools/call counts in the search area',
    call: (w) => ({
      method: 'post',
      path: '/mcp',
      auth: w.owner.auth,
      headers: { ...MCP_ACCEPT, 'Mcp-Session-Id': w.ids.mcpSession },
      body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_business', arguments: { businessId: w.businessId } } },
    }),
  },
  { operationId: 'mcpEndSession', call: (w) => ({ method: 'delete', path: '/mcp', auth: w.owner.auth, headers: { 'Mcp-Session-Id': w.ids.mcpSession } }) },
  {
    operationId: 'graphqlQuery',
    call: (w) => ({
      method: 'post',
      path: '/graphql',
      auth: w.owner.auth,
      headers: { Accept: 'application/graphql-response+json' },
      refusal: 'graphql',
      body: { query: 'query One($id: ID!) { business(id: $id) { id name } }', variables: { id: w.businessId } },
    }),
  },

  // Deletes last: the profile deleted is a second one, made here.
  {
    operationId: 'deleteProfile',
    call: async (w) => ({ method: 'delete', path: `/business/profile/${await publishedBusiness(w.app, w.owner, 'Closing Kitchen')}`, auth: w.owner.auth }),
  },
];

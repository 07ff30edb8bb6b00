// Every declared operation, in the order REST routes are matched (a literal path before a
// parameter in its place: /business/profile/status before /business/profile/{businessId}).
import type { Operation } from '../core/operation';
import type { AppServices } from './appServices';
import { ACCOUNT_OPERATIONS } from './accounts';
import { ASSISTANT_OPERATIONS } from './assistants';
import { AUTH_OPERATIONS } from './auth';
import { ANALYTICS_OPERATIONS } from './analytics';
import { ANALYTICS_EVENT_OPERATIONS } from './analyticsEvents';
import { BOOKING_OPERATIONS } from './bookings';
import { CATALOG_OPERATIONS } from './catalog';
import { FRESHNESS_OPERATIONS } from './freshness';
import { MEDIA_OPERATIONS } from './media';
import { OAUTH_CLIENT_OPERATIONS } from './oauthClients';
import { PARTNER_AGREEMENT_OPERATIONS } from './partnerAgreements';
import { PAYMENT_OPERATIONS } from './payments';
import { PROFILE_OPERATIONS } from './profiles';
import { REVIEW_OPERATIONS } from './reviews';
import { SEARCH_OPERATIONS } from './search';
import { SUMMARY_REPORT_OPERATIONS } from './summaryReports';
import { SYSTEM_OPERATIONS } from './system';
import { TRACKED_REDIRECT_OPERATIONS } from './trackedRedirect';
import { VERIFICATION_OPERATIONS } from './verification';
import { WEBHOOK_ENDPOINT_OPERATIONS } from './webhookEndpoints';

export const OPERATIONS: ReadonlyArray<Operation<AppServices>> = [
  ...SYSTEM_OPERATIONS,
  ...AUTH_OPERATIONS,
  ...OAUTH_CLIENT_OPERATIONS,
  ...PROFILE_OPERATIONS,
  ...CATALOG_OPERATIONS,
  ...FRESHNESS_OPERATIONS,
  ...MEDIA_OPERATIONS,
  ...VERIFICATION_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...PARTNER_AGREEMENT_OPERATIONS,
  ...REVIEW_OPERATIONS,
  ...BOOKING_OPERATIONS,
  ...PAYMENT_OPERATIONS,
  ...SEARCH_OPERATIONS,
  ...ASSISTANT_OPERATIONS,
  ...SUMMARY_REPORT_OPERATIONS,
  ...WEBHOOK_ENDPOINT_OPERATIONS,
  ...ANALYTICS_OPERATIONS,
  ...ANALYTICS_EVENT_OPERATIONS,
  ...TRACKED_REDIRECT_OPERATIONS,
];

/** The access table REST enforces and OpenAPI documents ('METHOD /path' -> access), from the declarations. */
export function accessTable(operations: ReadonlyArray<Operation<AppServices>> = OPERATIONS): Record<string, Operation['access']> {
  const table: Record<string, Operation['access']> = {};
  for (const operation of operations) if (operation.http) table[`${operation.http.method} ${operation.http.path}`] = operation.access;
  return table;
}

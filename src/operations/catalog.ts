// What a profile offers and when (spec 2.3-2.6, 4.3): its services, AI-exclusive content, opening
// hours and blackout dates. Every write takes If-Match and answers with the profile's new ETag.
import { scope } from '../core/operation';
import { BLACKOUT_HORIZON_DAYS, MAX_BLACKOUT_DATES } from '../domain/blackoutDates';
import { EXCLUSIVE_SCORES_FORMULA } from '../domain/exclusiveContentScores';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { MAX_SERVICES } from '../schemas/parts/service';
import { ifMatchOf, revised } from './conditionalWrites';
import { operation } from './declare';
import { IF_MATCH_NOTE } from './profiles';

const tag = 'Business profiles';
const readBusinesses = scope('read:businesses');
const writeBusinesses = scope('write:businesses');
/** The answer's ETag header: the profile revision the write left. */
const NEW_ETAG = { ETag: 'ETag' };

export const addService = operation({
  name: 'addService',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('CreateServiceRequest') },
  output: responseSchema('Service'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'POST', path: '/business/profile/{businessId}/services', status: 201 },
  docs: {
    tag,
    summary: 'Add a service',
    description:
      'duration is in minutes. bookable and requiresQuote default to false. A profile lists at most ' +
      `${MAX_SERVICES} services: adding one more is VALIDATION_ERROR (details.field services). ` +
      'Amounts have at most the decimals of the currency\'s minor unit (details.field pricing.amount). ' +
      IF_MATCH_NOTE,
    parameters: ['IfMatch'],
    successDescription: 'The new service with its id and timestamps.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ catalog }, { principal, input, request }) =>
    revised(await catalog.add(principal, input.path.businessId, input.body, ifMatchOf(request))),
});

export const updateService = operation({
  name: 'updateService',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId', 'serviceId'], body: requestSchema('UpdateServiceRequest') },
  output: responseSchema('Service'),
  errors: ['PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'PATCH', path: '/business/profile/{businessId}/services/{serviceId}' },
  docs: {
    tag,
    summary: 'Change a service; returns the updated service',
    description: `Fields left out are kept; null clears description, category, pricing or duration. ${IF_MATCH_NOTE}`,
    parameters: ['IfMatch'],
    successDescription: 'The updated service.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ catalog }, { principal, input, request }) =>
    revised(await catalog.update(principal, input.path.businessId, input.path.serviceId, input.body, ifMatchOf(request))),
});

export const deleteService = operation({
  name: 'deleteService',
  access: writeBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId', 'serviceId'] },
  output: responseSchema('Deleted'),
  errors: ['PROFILE_NOT_FOUND', 'SERVICE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'DELETE', path: '/business/profile/{businessId}/services/{serviceId}' },
  docs: {
    tag,
    summary: 'Remove a service',
    description: IF_MATCH_NOTE,
    parameters: ['IfMatch'],
    successDescription: 'Removed; ETag is the profile\'s new revision.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ catalog }, { principal, input, request }) =>
    revised(await catalog.remove(principal, input.path.businessId, input.path.serviceId, ifMatchOf(request))),
});

export const updateExclusiveContent = operation({
  name: 'updateExclusiveContent',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('UpdateExclusiveContentRequest') },
  output: responseSchema('ExclusiveContentResult'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'PATCH', path: '/business/profile/{businessId}/exclusive-content' },
  docs: {
    tag,
    summary: 'Set AI-exclusive content; returns visibility and uniqueness scores (0-100)',
    description:
      `${EXCLUSIVE_SCORES_FORMULA} When the content after the change equals what is stored, nothing is written: ` +
      `updated is false, the scores are the stored ones and the ETag stays. ${IF_MATCH_NOTE}`,
    parameters: ['IfMatch'],
    successDescription: 'Stored and scored, or unchanged (updated: false).',
    successHeaders: NEW_ETAG,
  },
  run: async ({ profiles }, { principal, input, request }) =>
    revised(await profiles.setExclusiveContent(principal, input.path.businessId, input.body, ifMatchOf(request))),
});

export const updateHours = operation({
  name: 'updateHours',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('UpdateHoursRequest') },
  output: responseSchema('HoursResult'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'PATCH', path: '/business/profile/{businessId}/hours' },
  docs: {
    tag,
    summary: 'Set opening hours of some days',
    description:
      'Days given replace the stored ones, null removes a day, other days are kept. Times are the business\'s local time ' +
      '(the profile\'s timeZone, derived from its coordinates). ' +
      'On a published profile, removing the last open day is refused (VALIDATION_ERROR, details.field hours). ' +
      IF_MATCH_NOTE,
    parameters: ['IfMatch'],
    successDescription: 'The whole week after the change, Monday first.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ profiles }, { principal, input, request }) =>
    revised(await profiles.setHours(principal, input.path.businessId, input.body, ifMatchOf(request))),
});

export const listBlackoutDates = operation({
  name: 'listBlackoutDates',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('BlackoutDates'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/blackout-dates' },
  docs: {
    tag,
    summary: 'Dates on which the business is closed',
    successDescription: 'Stored dates.',
  },
  run: async ({ profiles }, { principal, input }) => ({ data: await profiles.listBlackoutDates(principal, input.path.businessId) }),
});

export const addBlackoutDates = operation({
  name: 'addBlackoutDates',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('BlackoutDatesRequest') },
  output: responseSchema('BlackoutDates'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'POST', path: '/business/profile/{businessId}/blackout-dates' },
  docs: {
    tag,
    summary: 'Add closing dates (merged with the stored ones)',
    description:
      'Dates are days in the business\'s own calendar (its time zone from its coordinates; without coordinates ' +
      'UTC-12, so no date counts as past while it is still today somewhere). Dates before today are dropped ' +
      `whenever the list is written; dates more than ${BLACKOUT_HORIZON_DAYS} days after today are refused ` +
      `(VALIDATION_ERROR, details.field dates.<index>). So a profile stores at most ${MAX_BLACKOUT_DATES} dates. ` +
      `A date given twice is stored once. ${IF_MATCH_NOTE}`,
    parameters: ['IfMatch'],
    successDescription: 'All stored dates.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ profiles }, { principal, input, request }) =>
    revised(await profiles.addBlackoutDates(principal, input.path.businessId, input.body.dates, ifMatchOf(request))),
});

export const removeBlackoutDates = operation({
  name: 'removeBlackoutDates',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  // Many clients send no body with DELETE: ?dates=2025-12-25,2025-12-26 is the same request.
  input: { path: ['businessId'], body: requestSchema('BlackoutDatesRequest'), bodyInQuery: true },
  output: responseSchema('BlackoutDates'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'DELETE', path: '/business/profile/{businessId}/blackout-dates' },
  docs: {
    tag,
    summary: 'Remove closing dates',
    description:
      'The dates come as a JSON body {"dates": [...]} or in the query (?dates=2025-12-25,2025-12-26). ' +
      `Dates before today (in the business's calendar) are dropped as well. ${IF_MATCH_NOTE}`,
    parameters: ['IfMatch'],
    successDescription: 'The dates left.',
    successHeaders: NEW_ETAG,
  },
  run: async ({ profiles }, { principal, input, request }) =>
    revised(await profiles.removeBlackoutDates(principal, input.path.businessId, input.body.dates, ifMatchOf(request))),
});

export const CATALOG_OPERATIONS = [
  addService,
  updateService,
  deleteService,
  updateExclusiveContent,
  updateHours,
  listBlackoutDates,
  addBlackoutDates,
  removeBlackoutDates,
];

// Services, hours, blackout dates and exclusive content of a profile (spec 2.3-2.6, 4.3).
import { removeBlackoutDatesQuerySchema } from '../../schemas/endpoints/blackoutDates';
import { operation } from '../operation';
import { MAX_SERVICES } from '../../schemas/parts/service';
import { BLACKOUT_HORIZON_DAYS, MAX_BLACKOUT_DATES } from '../../domain/blackoutDates';
import { EXCLUSIVE_SCORES_FORMULA } from '../../domain/exclusiveContentScores';
import { IF_MATCH_NOTE } from '../../operations/profiles';
import { ref } from '../components';

/** The answer's ETag header: the profile revision the write left. */
const NEW_ETAG = { ETag: ref('headers', 'ETag') };

const tag = 'Business profiles';
const owned = { access: 'credential' as const, errors: [404] };
// Writes change the profile's revision: If-Match in, the new ETag out (see IF_MATCH_NOTE).
const conditional = { access: 'credential' as const, errors: [404, 412] };

export function catalogPaths() {
  return {
    '/business/profile/{businessId}/services': {
      post: operation({
        ...conditional,
        operationId: 'addService',
        tag,
        summary: 'Add a service',
        description:
          'duration is in minutes. bookable and requiresQuote default to false. A profile lists at most ' +
          `${MAX_SERVICES} services: adding one more is VALIDATION_ERROR (details.field services). ` +
          'Amounts have at most the decimals of the currency\'s minor unit (details.field pricing.amount). ' +
          IF_MATCH_NOTE,
        parameters: ['BusinessId', 'IfMatch'],
        body: 'CreateServiceRequest',
        success: { status: 201, description: 'The new service with its id and timestamps.', data: 'Service', headers: NEW_ETAG },
      }),
    },
    '/business/profile/{businessId}/services/{serviceId}': {
      patch: operation({
        ...conditional,
        operationId: 'updateService',
        tag,
        summary: 'Change a service; returns the updated service',
        description: `Fields left out are kept; null clears description, category, pricing or duration. ${IF_MATCH_NOTE}`,
        parameters: ['BusinessId', 'ServiceId', 'IfMatch'],
        body: 'UpdateServiceRequest',
        success: { status: 200, description: 'The updated service.', data: 'Service', headers: NEW_ETAG },
      }),
      delete: operation({
        ...conditional,
        operationId: 'deleteService',
        tag,
        summary: 'Remove a service',
        description: IF_MATCH_NOTE,
        parameters: ['BusinessId', 'ServiceId', 'IfMatch'],
        success: { status: 200, description: 'Removed; ETag is the profile\'s new revision.', data: 'Deleted', headers: NEW_ETAG },
      }),
    },
    '/business/profile/{businessId}/exclusive-content': {
      patch: operation({
        ...conditional,
        operationId: 'updateExclusiveContent',
        tag,
        summary: 'Set AI-exclusive content; returns visibility and uniqueness scores (0-100)',
        description:
          `${EXCLUSIVE_SCORES_FORMULA} When the content after the change equals what is stored, nothing is written: ` +
          `updated is false, the scores are the stored ones and the ETag stays. ${IF_MATCH_NOTE}`,
        parameters: ['BusinessId', 'IfMatch'],
        body: 'UpdateExclusiveContentRequest',
        success: { status: 200, description: 'Stored and scored, or unchanged (updated: false).', data: 'ExclusiveContentResult', headers: NEW_ETAG },
      }),
    },
    '/business/profile/{businessId}/hours': {
      patch: operation({
        ...conditional,
        operationId: 'updateHours',
        tag,
        summary: 'Set opening hours of some days',
        description:
          'Days given replace the stored ones, null removes a day, other days are kept. Times are the business\'s local time ' +
          '(the profile\'s timeZone, derived from its coordinates). ' +
          'On a published profile, removing the last open day is refused (VALIDATION_ERROR, details.field hours). ' +
          IF_MATCH_NOTE,
        parameters: ['BusinessId', 'IfMatch'],
        body: 'UpdateHoursRequest',
        success: { status: 200, description: 'The whole week after the change, Monday first.', data: 'HoursResult', headers: NEW_ETAG },
      }),
    },
    '/business/profile/{businessId}/blackout-dates': {
      get: operation({
        ...owned,
        operationId: 'listBlackoutDates',
        tag,
        summary: 'Dates on which the business is closed',
        parameters: ['BusinessId'],
        success: { status: 200, description: 'Stored dates.', data: 'BlackoutDates' },
      }),
      post: operation({
        ...conditional,
        operationId: 'addBlackoutDates',
        tag,
        summary: 'Add closing dates (merged with the stored ones)',
        description:
          'Dates are days in the business\'s own calendar (its time zone from its coordinates; without coordinates ' +
          'UTC-12, so no date counts as past while it is still today somewhere). Dates before today are dropped ' +
          `whenever the list is written; dates more than ${BLACKOUT_HORIZON_DAYS} days after today are refused ` +
          `(VALIDATION_ERROR, details.field dates.<index>). So a profile stores at most ${MAX_BLACKOUT_DATES} dates. ` +
          `A date given twice is stored once. ${IF_MATCH_NOTE}`,
        parameters: ['BusinessId', 'IfMatch'],
        body: 'BlackoutDatesRequest',
        success: { status: 200, description: 'All stored dates.', data: 'BlackoutDates', headers: NEW_ETAG },
      }),
      delete: operation({
        ...conditional,
        operationId: 'removeBlackoutDates',
        tag,
        summary: 'Remove closing dates',
        description:
          'The dates come as a JSON body {"dates": [...]} or in the query (?dates=2025-12-25,2025-12-26). ' +
          `Dates before today (in the business's calendar) are dropped as well. ${IF_MATCH_NOTE}`,
        parameters: ['BusinessId', 'IfMatch'],
        query: removeBlackoutDatesQuerySchema,
        requestBody: {
          required: false,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/BlackoutDatesRequest' } } },
        },
        success: { status: 200, description: 'The dates left.', data: 'BlackoutDates', headers: NEW_ETAG },
        errors: [404, 412, 413, 415],
      }),
    },
  };
}

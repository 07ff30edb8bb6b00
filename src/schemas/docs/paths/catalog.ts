// Services, hours, blackout dates and exclusive content of a profile (spec 2.3-2.6, 4.3).
import { removeBlackoutDatesQuerySchema } from '../../endpoints/blackoutDates';
import { operation } from '../operation';
import { MAX_SERVICES } from '../../parts/service';
import { BLACKOUT_HORIZON_DAYS, MAX_BLACKOUT_DATES } from '../../../domain/blackoutDates';
import { EXCLUSIVE_SCORES_FORMULA } from '../../../domain/exclusiveContentScores';

const tag = 'Business profiles';
const owned = { access: 'credential' as const, errors: [404] };

export function catalogPaths() {
  return {
    '/business/profile/{businessId}/services': {
      post: operation({
        ...owned,
        operationId: 'addService',
        tag,
        summary: 'Add a service',
        description:
          'duration is in minutes. bookable and requiresQuote default to false. A profile lists at most ' +
          `${MAX_SERVICES} services: adding one more is VALIDATION_ERROR (details.field services).`,
        parameters: ['BusinessId'],
        body: 'CreateServiceRequest',
        success: { status: 201, description: 'The new service with its id and timestamps.', data: 'Service' },
      }),
    },
    '/business/profile/{businessId}/services/{serviceId}': {
      patch: operation({
        ...owned,
        operationId: 'updateService',
        tag,
        summary: 'Change a service; returns the updated service',
        description: 'Fields left out are kept; null clears description, category, pricing or duration.',
        parameters: ['BusinessId', 'ServiceId'],
        body: 'UpdateServiceRequest',
        success: { status: 200, description: 'The updated service.', data: 'Service' },
      }),
      delete: operation({
        ...owned,
        operationId: 'deleteService',
        tag,
        summary: 'Remove a service',
        parameters: ['BusinessId', 'ServiceId'],
        success: { status: 200, description: 'Removed.', data: 'Deleted' },
      }),
    },
    '/business/profile/{businessId}/exclusive-content': {
      patch: operation({
        ...owned,
        operationId: 'updateExclusiveContent',
        tag,
        summary: 'Set AI-exclusive content; returns visibility and uniqueness scores (0-100)',
        description: EXCLUSIVE_SCORES_FORMULA,
        parameters: ['BusinessId'],
        body: 'UpdateExclusiveContentRequest',
        success: { status: 200, description: 'Stored and scored.', data: 'ExclusiveContentResult' },
      }),
    },
    '/business/profile/{businessId}/hours': {
      patch: operation({
        ...owned,
        operationId: 'updateHours',
        tag,
        summary: 'Set opening hours of some days',
        description:
          'Days given replace the stored ones, null removes a day, other days are kept. Times are the business\'s local time. ' +
          'On a published profile, removing the last open day is refused (VALIDATION_ERROR, details.field hours).',
        parameters: ['BusinessId'],
        body: 'UpdateHoursRequest',
        success: { status: 200, description: 'The whole week after the change.', data: 'HoursResult' },
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
        ...owned,
        operationId: 'addBlackoutDates',
        tag,
        summary: 'Add closing dates (merged with the stored ones)',
        description:
          'Dates are days in the business\'s own calendar (its time zone from its coordinates; without coordinates ' +
          'UTC-12, so no date counts as past while it is still today somewhere). Dates before today are dropped ' +
          `whenever the list is written; dates more than ${BLACKOUT_HORIZON_DAYS} days after today are refused ` +
          `(VALIDATION_ERROR, details.field dates.<index>). So a profile stores at most ${MAX_BLACKOUT_DATES} dates.`,
        parameters: ['BusinessId'],
        body: 'BlackoutDatesRequest',
        success: { status: 200, description: 'All stored dates.', data: 'BlackoutDates' },
      }),
      delete: operation({
        ...owned,
        operationId: 'removeBlackoutDates',
        tag,
        summary: 'Remove closing dates',
        description:
          'The dates come as a JSON body {"dates": [...]} or in the query (?dates=2025-12-25,2025-12-26). ' +
          'Dates before today (in the business\'s calendar) are dropped as well.',
        parameters: ['BusinessId'],
        query: removeBlackoutDatesQuerySchema,
        requestBody: {
          required: false,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/BlackoutDatesRequest' } } },
        },
        success: { status: 200, description: 'The dates left.', data: 'BlackoutDates' },
        errors: [404, 413, 415],
      }),
    },
  };
}

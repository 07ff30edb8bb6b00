// Services, hours, blackout dates and exclusive content of a profile (spec 2.3-2.6, 4.3).
import { removeBlackoutDatesQuerySchema } from '../../endpoints/blackoutDates';
import { operation } from '../operation';
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
        description: 'duration is in minutes. bookable and requiresQuote default to false.',
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
        description: 'Days given replace the stored ones, null removes a day, other days are kept. Times are the business\'s local time.',
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
        parameters: ['BusinessId'],
        body: 'BlackoutDatesRequest',
        success: { status: 200, description: 'All stored dates.', data: 'BlackoutDates' },
      }),
      delete: operation({
        ...owned,
        operationId: 'removeBlackoutDates',
        tag,
        summary: 'Remove closing dates',
        description: 'The dates come as a JSON body {"dates": [...]} or in the query (?dates=2025-12-25,2025-12-26).',
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

// Path ids are checked against their documented patterns (components.parameters in the
// OpenAPI document): `/business/profile/not-an-id` is 400 VALIDATION_ERROR naming the
// parameter, never a lookup and a 404 that quotes the input back.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { SchemaObject } from 'ajv';
import { ValidationError } from '../domain/errors';
import { compileSchema } from '../schemas/compile';
import { accountIdSchema, apiKeyIdSchema, bookingIdSchema, businessIdSchema, mediaIdSchema, reviewIdSchema, serviceIdSchema, verificationIdSchema, webhookDeliveryIdSchema, webhookEndpointIdSchema } from '../schemas/parts/ids';

/** Route parameter name -> its schema; the same objects the OpenAPI path parameters show. */
export const PATH_ID_SCHEMAS: Record<string, SchemaObject> = {
  businessId: businessIdSchema,
  serviceId: serviceIdSchema,
  mediaId: mediaIdSchema,
  keyId: apiKeyIdSchema,
  verificationId: verificationIdSchema,
  accountId: accountIdSchema,
  reviewId: reviewIdSchema,
  bookingId: bookingIdSchema,
  endpointId: webhookEndpointIdSchema,
  deliveryId: webhookDeliveryIdSchema,
};

/**
 * Registers the checks on `router` (before or after its sub-routers are mounted). Router
 * param handlers run before a route's own middleware, so a bad id first goes through
 * `authenticate`: a caller without a valid credential gets 401, as for any other path.
 */
export function checkPathIds(router: Router, authenticate: Middleware): void {
  for (const [name, schema] of Object.entries(PATH_ID_SCHEMAS)) {
    const valid = compileSchema(schema, 'body');
    const issue = String(schema['x-issue']);
    router.param(name, async (value, ctx, next) => {
      if (valid(value)) return next();
      await authenticate(ctx, async () => undefined);
      throw new ValidationError(name, issue);
    });
  }
}

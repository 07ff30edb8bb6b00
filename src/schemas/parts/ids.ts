// Identifier shapes (spec 2: `biz_<id>`...). New ids are 20 base62 characters (domain/ids.ts);
// 6-40 leaves room for imported or shorter ids without accepting arbitrary strings.
import type { SchemaObject } from 'ajv';
import Type from 'typebox';

function idSchema(prefix: string, what: string) {
  return Type.String({
    maxLength: prefix.length + 41,
    pattern: `^${prefix}_[A-Za-z0-9]{6,40}$`,
    'x-issue': `must be ${what} id (${prefix}_ followed by 6-40 letters or digits)`,
  });
}

export const businessIdSchema = idSchema('biz', 'a business');
export const serviceIdSchema = idSchema('svc', 'a service');
export const verificationIdSchema = idSchema('ver', 'a verification');
export const mediaIdSchema = idSchema('med', 'a media');
export const accountIdSchema = idSchema('acct', 'an account');
export const apiKeyIdSchema = idSchema('key', 'an API key');
export const reviewIdSchema = idSchema('rev', 'a review');
export const bookingIdSchema = idSchema('bkg', 'a booking');
export const webhookEndpointIdSchema = idSchema('we', 'a webhook endpoint');
export const webhookDeliveryIdSchema = idSchema('whd', 'a webhook delivery');
export const partnerAgreementIdSchema = idSchema('pag', 'a partner agreement');
export const paymentIdSchema = idSchema('pay', 'a payment');
export const informationReportIdSchema = idSchema('irp', 'an information report');

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
  agreementId: partnerAgreementIdSchema,
  paymentId: paymentIdSchema,
  reportId: informationReportIdSchema,
};

/**
 * The token of a summary's report link (the consumer search answer's summaryDisclosure.reportUrl).
 * Not a path id of http/pathIds.ts: a token of another shape is one this service did not sign,
 * so the report route answers it 404 SUMMARY_NOT_FOUND like a forged one.
 */
export const summaryTokenSchema: SchemaObject = {
  type: 'string',
  maxLength: 1200,
  pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$',
  'x-issue': 'must be the token of a summary report link (summaryDisclosure.reportUrl of a consumer search answer)',
};

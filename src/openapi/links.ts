// OpenAPI links: from each operation that creates something to the operations that
// take its id, so stateful tools (schemathesis, client generators) can chain a create with the
// reads, writes and deletes of what it created. Values are runtime expressions: the created id
// from the answer's body, the business from the creating request's path.

type LinkParameters = Record<string, string>;

interface LinkSource {
  /** The creating operation and the id its answer holds (a JSON pointer into the body). */
  from: string;
  idPointer: string;
  /** The parameter the id fills in the target operations. */
  parameter: string;
  /** Parameters the target operations take from the creating request, as it was sent. */
  carried?: LinkParameters;
  to: string[];
}

const FROM_PATH_BUSINESS = { businessId: '$request.path.businessId' };

const LINK_SOURCES: LinkSource[] = [
  {
    from: 'createProfile',
    idPointer: '/data/id',
    parameter: 'businessId',
    to: ['getProfile', 'updateProfile', 'deleteProfile', 'addService', 'updateExclusiveContent', 'updateHours', 'listBlackoutDates', 'addBlackoutDates', 'removeBlackoutDates', 'requestVerification', 'listVerifications', 'listReviews', 'createReview', 'listBusinessBookings'],
  },
  { from: 'addService', idPointer: '/data/id', parameter: 'serviceId', carried: FROM_PATH_BUSINESS, to: ['updateService', 'deleteService', 'getAvailability'] },
  { from: 'uploadMedia', idPointer: '/data/id', parameter: 'mediaId', to: ['getMedia', 'deleteMedia'] },
  { from: 'createReview', idPointer: '/data/id', parameter: 'reviewId', carried: FROM_PATH_BUSINESS, to: ['getReview', 'updateReview', 'replyToReview', 'moderateReview'] },
  { from: 'requestVerification', idPointer: '/data/verificationId', parameter: 'verificationId', to: ['decideVerification'] },
  { from: 'createBooking', idPointer: '/data/id', parameter: 'bookingId', to: ['getBooking', 'updateBooking'] },
  { from: 'createApiKey', idPointer: '/data/id', parameter: 'keyId', to: ['revokeApiKey'] },
  { from: 'createPartnerAgreement', idPointer: '/data/id', parameter: 'agreementId', to: ['getPartnerAgreement', 'updatePartnerAgreement'] },
  {
    from: 'createWebhookEndpoint',
    idPointer: '/data/id',
    parameter: 'endpointId',
    to: ['getWebhookEndpoint', 'updateWebhookEndpoint', 'deleteWebhookEndpoint', 'rotateWebhookEndpointSecret', 'sendWebhookTest', 'listWebhookDeliveries'],
  },
  { from: 'sendWebhookTest', idPointer: '/data/delivery/id', parameter: 'deliveryId', carried: { endpointId: '$request.path.endpointId' }, to: ['retryWebhookDelivery'] },
  { from: 'registerOAuthClient', idPointer: '/data/clientId', parameter: 'clientId', to: ['getOAuthClient', 'rotateOAuthClientSecret', 'deleteOAuthClient'] },
];

/** The links object for one creating operation's success answer, named after their targets. */
function linksOf(source: LinkSource): Record<string, unknown> {
  return Object.fromEntries(
    source.to.map((target) => [
      target.charAt(0).toUpperCase() + target.slice(1),
      {
        operationId: target,
        parameters: { [source.parameter]: `$response.body#${source.idPointer}`, ...source.carried },
        description: `The ${source.parameter} of what ${source.from} created.`,
      },
    ]),
  );
}

type Operation = { operationId?: string; responses?: Record<string, Record<string, unknown>> };

/** The paths with `links` on the success answer of each creating operation. */
export function withLinks(paths: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const byOperation = new Map(LINK_SOURCES.map((source) => [source.from, source]));
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, value]) => {
          const op = value as Operation;
          const source = op.operationId ? byOperation.get(op.operationId) : undefined;
          if (!source || !op.responses) return [method, value];
          const status = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code)) as string;
          return [method, { ...op, responses: { ...op.responses, [status]: { ...op.responses[status], links: linksOf(source) } } }];
        }),
      ),
    ]),
  );
}

// /business/profile itself (spec 2.2, 3, 4.3; issue 2).
import { RATE_LIMIT_HEADERS, STANDARD_HEADERS, ref } from '../components';
import { operation } from '../operation';
import { profileStatusQuerySchema } from '../../schemas/endpoints/profile';
import { REQUIRED_TO_PUBLISH } from '../../domain/completeness';
import { MAX_ENTITY_TAG_HEADER_LENGTH } from '../../domain/entityTags';
import { listOwnedProfilesQuerySchema } from '../../schemas/endpoints/profileList';

const tag = 'Business profiles';

/**
 * One revision (ETag) covers a profile and everything written through it (services, hours,
 * blackout dates, exclusive content), so every write below takes If-Match the same way.
 */
export const IF_MATCH_NOTE =
  'Conditional: with If-Match (the ETag of an earlier answer for this profile, a comma-separated list of ETags, or *; ' +
  'RFC 9110) the change applies only while the profile is at that revision, else 412 PRECONDITION_FAILED and nothing ' +
  'changes. If-Match compares strongly: a weak W/"..." tag never matches. A header that holds no ETag is VALIDATION_ERROR ' +
  '(details.field If-Match).';

/** The answer's ETag header: the profile revision the write left. */
export const NEW_ETAG = { ETag: ref('headers', 'ETag') };

// If-None-Match and 304 on GET: added here, as no other operation uses them.
function withNotModified(operationObject: Record<string, unknown>): Record<string, unknown> {
  const parameters = operationObject.parameters as unknown[];
  const responses = operationObject.responses as Record<string, unknown>;
  return {
    ...operationObject,
    parameters: [
      ...parameters,
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description:
          'ETags the client holds (a comma-separated list, weak W/"..." tags match too, or *): 304 when one is the current revision. ' +
          `Anything else, or more than ${MAX_ENTITY_TAG_HEADER_LENGTH} characters, is 400 VALIDATION_ERROR (details.field If-None-Match).`,
        schema: { type: 'string', maxLength: MAX_ENTITY_TAG_HEADER_LENGTH },
      },
    ],
    responses: {
      ...responses,
      304: {
        description: 'Not Modified: the client\'s copy is current. No body; ETag, Cache-Control and the rate-limit headers as on 200.',
        headers: { ...STANDARD_HEADERS, ...RATE_LIMIT_HEADERS, ...NEW_ETAG },
      },
    },
  };
}

export function profilePaths() {
  return {
    '/business/profile': {
      get: operation({
        operationId: 'listOwnProfiles',
        tag,
        summary: 'The caller\'s own profiles, drafts included, oldest first',
        description:
          'Profiles the caller\'s account owns in the caller\'s environment (sk_test_ keys: the sandbox), not deleted, in order of ' +
          'creation. Small items: id, name, status, createdAt, updatedAt, completionPercentage; GET /business/profile/{businessId} ' +
          'for the whole profile. Cursor pagination: pass `pagination.nextCursor` as `cursor` until `hasMore` is false.',
        access: 'credential',
        query: listOwnedProfilesQuerySchema,
        success: { status: 200, description: 'One page of profiles.', data: 'ProfileList' },
      }),
      post: operation({
        operationId: 'createProfile',
        tag,
        summary: 'Create a business profile (status draft)',
        description:
          'Required: name, category. id, status, trust, media and timestamps are the server\'s and are rejected. ' +
          'Created in the caller\'s environment (sk_test_ keys: the sandbox).',
        access: 'credential',
        body: 'CreateProfileRequest',
        success: { status: 201, description: 'Created.', data: 'ProfileCreated', headers: { ETag: ref('headers', 'ETag'), Location: ref('headers', 'Location') } },
        errors: [409],
      }),
    },
    '/business/profile/status': {
      get: operation({
        operationId: 'getProfileStatus',
        tag,
        summary: 'Completion of the caller\'s profile: missing fields and recommendations',
        description:
          '`businessId` names the profile. It may be left out only while the account owns exactly one profile in this environment: ' +
          'with several it is required (400 VALIDATION_ERROR, details.field businessId, the message saying how many), with none the ' +
          'answer is 404 PROFILE_NOT_FOUND. ' +
          '`missingFields` lists the required fields still missing ' +
          `(among ${REQUIRED_TO_PUBLISH.join(', ')}): profileComplete is true exactly when it is empty, and only then can the ` +
          'profile be published. `recommendedFields` lists the recommended ones still missing (logo, photos, tagline, services, ' +
          'exclusive content, the rest of the address and contact), most valuable first; they never block publishing. ' +
          '`recommendations` holds one piece of advice per field of missingFields, then per field of recommendedFields. ' +
          'Until issue 24, missingFields listed required and recommended fields together.',
        access: 'credential',
        query: profileStatusQuerySchema,
        success: { status: 200, description: 'Completion report.', data: 'ProfileStatus' },
        errors: [404],
      }),
    },
    '/business/profile/{businessId}': {
      get: withNotModified(
        operation({
          operationId: 'getProfile',
          tag,
          summary: 'Read a profile',
          description:
            'Drafts are readable by their owner only; published profiles by any caller. With X-Session-ID the view counts toward personalisation. ' +
            'timeZone is derived from location.coordinates (read-only); hours are listed Monday first. ' +
            'Conditional: with If-None-Match holding the current ETag (or *) the answer is 304 Not Modified without a body.',
          access: 'credential',
          parameters: ['BusinessId', 'XSessionId'],
          success: { status: 200, description: 'The profile.', data: 'Profile', headers: NEW_ETAG },
          errors: [404],
        }),
      ),
      patch: operation({
        operationId: 'updateProfile',
        tag,
        summary: 'Change part of a profile (deep merge)',
        description:
          'Objects merge (hours may name only some days), arrays replace, null clears an optional field ' +
          '(location: null leaves an empty location, as a create without one; services: null leaves services: []). ' +
          'status published needs a complete profile, ' +
          'else VALIDATION_ERROR (details.field status) naming what is missing. A published profile stays complete: ' +
          `a change here or through hours that would remove what publishing requires (${REQUIRED_TO_PUBLISH.join(', ')}) is refused with ` +
          'VALIDATION_ERROR, details.field naming the first field it would remove and the message listing all that ' +
          'would be missing. Send status: draft in the same request to unpublish and remove them. ' +
          IF_MATCH_NOTE,
        access: 'credential',
        parameters: ['BusinessId', 'IfMatch'],
        body: 'UpdateProfileRequest',
        success: { status: 200, description: 'Updated.', data: 'ProfileUpdated', headers: NEW_ETAG },
        errors: [404, 409, 412],
      }),
      delete: operation({
        operationId: 'deleteProfile',
        tag,
        summary: 'Delete a profile (gone from reads and search; kept for audit)',
        description: `${IF_MATCH_NOTE} The answer has no ETag: a deleted profile has no revision left to read or change.`,
        access: 'credential',
        parameters: ['BusinessId', 'IfMatch'],
        success: { status: 200, description: 'Deleted.', data: 'Deleted' },
        errors: [404, 412],
      }),
    },
  };
}

// A business profile itself (spec 2.2, 3, 4.3): create, list, status, read, change, delete.
import { scope } from '../core/operation';
import { REQUIRED_TO_PUBLISH } from '../domain/completeness';
import { ifNoneMatchMatches, MAX_ENTITY_TAG_HEADER_LENGTH } from '../domain/entityTags';
import type { Principal } from '../domain/principal';
import { sessionStoreKey } from '../domain/search/sessionScope';
import { isSessionId } from '../domain/sessionId';
import { presentProfile, presentPublicPage } from '../presenters/profilePresenter';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { profileStatusQuerySchema } from '../schemas/endpoints/profile';
import { listOwnedProfilesQuerySchema } from '../schemas/endpoints/profileList';
import { graphqlOwnedBusinessesSchema } from '../schemas/views/graphqlViews';
import { etagOf } from '../services/profileMutation';
import type { AppServices } from './appServices';
import { ifMatchOf } from './conditionalWrites';
import { operation } from './declare';

const tag = 'Business profiles';

/**
 * One revision (ETag) covers a profile and everything written through it (services, hours,
 * blackout dates, exclusive content), so every write takes If-Match the same way.
 */
export const IF_MATCH_NOTE =
  'Conditional: with If-Match (the ETag of an earlier answer for this profile, a comma-separated list of ETags, or *; ' +
  'RFC 9110) the change applies only while the profile is at that revision, else 412 PRECONDITION_FAILED and nothing ' +
  'changes. If-Match compares strongly: a weak W/"..." tag never matches. A header that holds no ETag is VALIDATION_ERROR ' +
  '(details.field If-Match).';

const readBusinesses = scope('read:businesses');
const writeBusinesses = scope('write:businesses');

export const listOwnProfiles = operation({
  name: 'listOwnProfiles',
  access: readBusinesses,
  rateLimit: 'general',
  input: { query: listOwnedProfilesQuerySchema },
  output: responseSchema('ProfileList'),
  errors: [],
  http: { method: 'GET', path: '/business/profile' },
  docs: {
    tag,
    summary: 'The caller\'s own profiles, drafts included, oldest first',
    description:
      'Profiles the caller\'s account owns in the caller\'s environment (sk_test_ keys: the sandbox), not deleted, in order of ' +
      'creation. Small items: id, name, status, createdAt, updatedAt, completionPercentage; GET /business/profile/{businessId} ' +
      'for the whole profile. Cursor pagination: pass `pagination.nextCursor` as `cursor` until `hasMore` is false.',
    successDescription: 'One page of profiles.',
  },
  graphql: {
    field: 'myBusinesses',
    on: 'Query',
    description: 'The caller\'s own profiles in the caller\'s environment, drafts included (as GET /business/profile). Scope read:businesses.',
    cost: 2,
    view: {
      output: { name: 'MyBusinessesPage', schema: graphqlOwnedBusinessesSchema },
      present: ({ profiles, pagination }) => ({ businesses: profiles, ...pagination, nextCursor: pagination.nextCursor ?? null }),
    },
  },
  run: async ({ ownedProfiles }, { principal, input }) => ({ data: await ownedProfiles.list(principal, input.query) }),
});

export const createProfile = operation({
  name: 'createProfile',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { body: requestSchema('CreateProfileRequest') },
  output: responseSchema('ProfileCreated'),
  errors: ['DUPLICATE_PROFILE', 'CONFLICT'],
  http: { method: 'POST', path: '/business/profile', status: 201 },
  docs: {
    tag,
    summary: 'Create a business profile (status draft)',
    description:
      'Required: name, category. id, status, trust, media and timestamps are the server\'s and are rejected. ' +
      'Created in the caller\'s environment (sk_test_ keys: the sandbox).',
    successDescription: 'Created.',
    successHeaders: { ETag: 'ETag', Location: 'Location' },
  },
  run: async ({ profiles }, { principal, input }) => {
    const profile = await profiles.create(principal, input.body);
    return {
      data: { id: profile.id, name: profile.name, status: profile.status, createdAt: profile.createdAt },
      headers: { ETag: etagOf(profile), Location: `/v1/business/profile/${profile.id}` },
    };
  },
});

export const getProfileStatus = operation({
  name: 'getProfileStatus',
  access: readBusinesses,
  rateLimit: 'general',
  input: { query: profileStatusQuerySchema },
  output: responseSchema('ProfileStatus'),
  errors: ['PROFILE_NOT_FOUND'],
  // Declared before /{businessId} so "status" is not taken for an id.
  http: { method: 'GET', path: '/business/profile/status' },
  docs: {
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
      '`recommendations` holds one piece of advice per field of missingFields, then per field of recommendedFields, then the freshness ' +
      'advice. `freshness` says whether it is trading (operatingStatus), when its information was last confirmed (lastVerifiedAt, by the owner ' +
      'through POST /business/profile/{businessId}/confirm or by an approved verification) and whether confirming it is due ' +
      '(CONFIRM_INFORMATION_AFTER_DAYS after the last confirmation, or after creation). ' +
      'Earlier versions of this API listed required and recommended fields together in missingFields.',
    successDescription: 'Completion report.',
  },
  run: async ({ profiles }, { principal, input }) => ({ data: await profiles.status(principal, input.query.businessId) }),
});

/** A consumer viewing a profile teaches its search session (personalisation); best effort. */
async function recordView(sessions: AppServices['sessions'], principal: Principal, sessionId: string | undefined, profile: { id: string; category: string }): Promise<void> {
  if (isSessionId(sessionId)) await sessions.recordView(sessionStoreKey(principal, sessionId), profile.id, profile.category).catch(() => undefined);
}

export const getProfile = operation({
  name: 'getProfile',
  access: readBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('Profile'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}' },
  docs: {
    tag,
    summary: 'Read a profile',
    description:
      'Drafts are readable by their owner only; published profiles by any caller. With X-Session-ID the view counts toward personalisation. ' +
      'timeZone is derived from location.coordinates (read-only); hours are listed Monday first. ' +
      'Conditional: with If-None-Match holding the current ETag (or *) the answer is 304 Not Modified without a body.',
    parameters: ['XSessionId'],
    successDescription: 'The profile.',
    successHeaders: { ETag: 'ETag' },
    refine: withNotModified,
  },
  mcp: {
    tool: 'get_business',
    skill: 'find-businesses',
    title: 'Get a business profile',
    description:
      'The full published profile of one business by id (from search_businesses): description, services with prices, weekly hours, ' +
      'blackout dates, contact details and the owner\'s exclusive content (specials, FAQs, policies). Use it before answering detailed questions.',
    args: { describe: { businessId: 'Business id, e.g. biz_...' } },
  },
  graphql: {
    field: 'business',
    on: 'Query',
    description: 'A business profile: published ones for everyone, drafts for their owner. Scope read:businesses.',
    args: { rename: { businessId: 'id' } },
    cost: 1,
    nullable: true,
  },
  run: async ({ profiles, sessions }, { principal, input, request }) => {
    const profile = await profiles.read(principal, input.path.businessId);
    const presented = presentProfile(profile);
    const etag = etagOf(profile);
    // A malformed If-None-Match is refused (400) before the view counts or any header is set.
    const ifNoneMatch = request.header('If-None-Match') ?? '';
    const current = ifNoneMatch !== '' && ifNoneMatchMatches(ifNoneMatch, etag);
    await recordView(sessions, principal, request.header('X-Session-ID'), profile);
    const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
    // The client's copy is current: 304 with the same headers and no body (RFC 9110 13.1.2).
    if (current) return { data: undefined, headers, notModified: true };
    return { data: presented, headers };
  },
  // An assistant reading a business over MCP is an answer naming it; REST and GraphQL reads are not.
  records: {
    on: ['mcp'],
    answer: (business, _detail, { principal }) => ({
      principal,
      businesses: [{ id: business.id, name: business.name, category: business.category, ...(business.timeZone && { timeZone: business.timeZone }) }],
    }),
  },
});

export const updateProfile = operation({
  name: 'updateProfile',
  access: writeBusinesses,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('UpdateProfileRequest') },
  output: responseSchema('ProfileUpdated'),
  errors: ['PROFILE_NOT_FOUND', 'DUPLICATE_PROFILE', 'CONFLICT', 'PRECONDITION_FAILED'],
  http: { method: 'PATCH', path: '/business/profile/{businessId}' },
  docs: {
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
      'operatingStatus replaces the stored one whole: {"status": "temporarily_closed", "reopensOn": "2026-12-15"} keeps the business in ' +
      'search, marked closed and left out of "open now"; permanently_closed takes it out of every search (its public page stays and says so); ' +
      'open undoes either. ' +
      IF_MATCH_NOTE,
    parameters: ['IfMatch'],
    successDescription: 'Updated.',
    successHeaders: { ETag: 'ETag' },
  },
  run: async ({ profiles }, { principal, input, request }) => {
    const profile = await profiles.patch(principal, input.path.businessId, input.body, ifMatchOf(request));
    return { data: { id: profile.id, status: profile.status, publicPage: presentPublicPage(profile), updatedAt: profile.updatedAt }, headers: { ETag: etagOf(profile) } };
  },
});

export const deleteProfile = operation({
  name: 'deleteProfile',
  access: writeBusinesses,
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('Deleted'),
  errors: ['PROFILE_NOT_FOUND', 'PRECONDITION_FAILED'],
  http: { method: 'DELETE', path: '/business/profile/{businessId}' },
  docs: {
    tag,
    summary: 'Delete a profile (gone from reads and search; kept for audit)',
    description: `${IF_MATCH_NOTE} The answer has no ETag: a deleted profile has no revision left to read or change.`,
    parameters: ['IfMatch'],
    successDescription: 'Deleted.',
  },
  run: async ({ profiles, verifications }, { principal, input, request }) => {
    const deleted = await profiles.remove(principal, input.path.businessId, ifMatchOf(request));
    // Its pending verification leaves the admin queue. Should this step fail, an admin's decision
    // on the request still closes it (verificationService.settle checks the profile first).
    await verifications.closeForDeletedProfile(principal, deleted.id);
    return { data: deleted };
  },
});

// If-None-Match and 304 on GET: added here, as no other operation uses them.
function withNotModified(operationObject: Record<string, unknown>): Record<string, unknown> {
  const parameters = operationObject.parameters as unknown[];
  const responses = operationObject.responses as Record<string, Record<string, unknown>>;
  const ok = responses[200] as { headers: Record<string, unknown> };
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
        headers: ok.headers,
      },
    },
  };
}

export const PROFILE_OPERATIONS = [createProfile, listOwnProfiles, getProfileStatus, getProfile, updateProfile, deleteProfile];

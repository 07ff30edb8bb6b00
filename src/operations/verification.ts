// Verification of a business (spec 2.6, 4.3): the owner asks for a level and reads the
// history; an admin works through the queue and decides.
import { ADMIN, scope } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { verificationQueueQuerySchema } from '../schemas/endpoints/admin';
import { operation } from './declare';

export const requestVerification = operation({
  name: 'requestVerification',
  access: scope('write:businesses'),
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['businessId'], body: requestSchema('VerificationRequest') },
  output: responseSchema('Verification'),
  errors: ['PROFILE_NOT_FOUND', 'VERIFICATION_PENDING'],
  http: { method: 'POST', path: '/business/profile/{businessId}/verification' },
  docs: {
    tag: 'Verification',
    summary: 'Request verification at a level (basic < verified < premium < certified)',
    description:
      'One pending request per business at a time. An admin\'s approval sets trust.verificationLevel. ' +
      'Sandbox (sk_test_) requests are decided at once, as in Stripe test mode, and never reach a reviewer: approved ' +
      '(the level is raised), or rejected when a document URL contains "reject", so both outcomes can be tested. ' +
      'Deleting the profile closes its pending request (rejected, decidedBy system).',
    successDescription: 'Pending request.',
  },
  run: async ({ verifications }, { principal, input }) => ({ data: await verifications.request(principal, input.path.businessId, input.body) }),
});

export const listVerifications = operation({
  name: 'listVerifications',
  access: scope('read:businesses'),
  rateLimit: 'general',
  input: { path: ['businessId'] },
  output: responseSchema('VerificationHistory'),
  errors: ['PROFILE_NOT_FOUND'],
  http: { method: 'GET', path: '/business/profile/{businessId}/verification' },
  docs: {
    tag: 'Verification',
    summary: 'Verification history of a business, newest first',
    successDescription: 'History.',
  },
  run: async ({ verifications }, { principal, input }) => ({ data: await verifications.history(principal, input.path.businessId) }),
});

export const listPendingVerifications = operation({
  name: 'listPendingVerifications',
  access: ADMIN,
  rateLimit: 'general',
  input: { query: verificationQueueQuerySchema },
  output: responseSchema('VerificationQueue'),
  errors: [],
  http: { method: 'GET', path: '/admin/verifications' },
  docs: {
    tag: 'Admin',
    summary: 'The queue of pending verification requests, oldest first',
    description:
      'The queue of the caller\'s environment (a JWT: live; an admin\'s sk_test_ key: the sandbox, which is normally empty ' +
      'because sandbox requests are decided at once). Each item names its `environment`. Cursor pagination: pass ' +
      '`pagination.nextCursor` as `cursor` until `hasMore` is false; a request decided meanwhile never shifts a page.',
    successDescription: 'One page of pending requests.',
  },
  run: async ({ verifications }, { principal, input }) => ({ data: await verifications.pending(principal, input.query) }),
});

export const decideVerification = operation({
  name: 'decideVerification',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['verificationId'], body: requestSchema('VerificationDecisionRequest') },
  output: responseSchema('Verification'),
  errors: ['VERIFICATION_NOT_FOUND', 'PROFILE_NOT_FOUND', 'CONFLICT'],
  http: { method: 'POST', path: '/admin/verifications/{verificationId}/decision' },
  docs: {
    tag: 'Admin',
    summary: 'Approve or reject a pending verification request',
    description:
      'A request of the caller\'s environment only. An approval raises the profile\'s trust.verificationLevel in the same ' +
      'step; if the profile was deleted, nothing is approved: the request is closed (rejected, decidedBy system) and the ' +
      'answer is 404 PROFILE_NOT_FOUND. An unknown or already decided request is 404 VERIFICATION_NOT_FOUND.',
    successDescription: 'The decided request.',
  },
  run: async ({ verifications }, { principal, input }) => ({ data: await verifications.decide(principal, input.path.verificationId, input.body) }),
});

export const VERIFICATION_OPERATIONS = [requestVerification, listVerifications, listPendingVerifications, decideVerification];

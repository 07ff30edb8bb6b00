// Verification requests and admin decisions (spec 2.6, 4.3; issue 2), admin account settings (issues 3, 4).
import { verificationQueueQuerySchema } from '../../schemas/endpoints/admin';
import { operation } from '../operation';

export function verificationPaths() {
  return {
    '/business/profile/{businessId}/verification': {
      post: operation({
        operationId: 'requestVerification',
        tag: 'Verification',
        summary: 'Request verification at a level (basic < verified < premium < certified)',
        description:
          'One pending request per business at a time. An admin\'s approval sets trust.verificationLevel. ' +
          'Sandbox (sk_test_) requests are decided at once, as in Stripe test mode, and never reach a reviewer: approved ' +
          '(the level is raised), or rejected when a document URL contains "reject", so both outcomes can be tested. ' +
          'Deleting the profile closes its pending request (rejected, decidedBy system).',
        access: 'credential',
        parameters: ['BusinessId'],
        body: 'VerificationRequest',
        success: { status: 200, description: 'Pending request.', data: 'Verification' },
        errors: [404, 409],
      }),
      get: operation({
        operationId: 'listVerifications',
        tag: 'Verification',
        summary: 'Verification history of a business, newest first',
        access: 'credential',
        parameters: ['BusinessId'],
        success: { status: 200, description: 'History.', data: 'VerificationHistory' },
        errors: [404],
      }),
    },
    '/admin/verifications': {
      get: operation({
        operationId: 'listPendingVerifications',
        tag: 'Admin',
        summary: 'The queue of pending verification requests, oldest first',
        description:
          'The queue of the caller\'s environment (a JWT: live; an admin\'s sk_test_ key: the sandbox, which is normally empty ' +
          'because sandbox requests are decided at once). Each item names its `environment`. Cursor pagination: pass ' +
          '`pagination.nextCursor` as `cursor` until `hasMore` is false; a request decided meanwhile never shifts a page.',
        access: 'admin',
        query: verificationQueueQuerySchema,
        success: { status: 200, description: 'One page of pending requests.', data: 'VerificationQueue' },
      }),
    },
    '/admin/verifications/{verificationId}/decision': {
      post: operation({
        operationId: 'decideVerification',
        tag: 'Admin',
        summary: 'Approve or reject a pending verification request',
        description:
          'A request of the caller\'s environment only. An approval raises the profile\'s trust.verificationLevel in the same ' +
          'step; if the profile was deleted, nothing is approved: the request is closed (rejected, decidedBy system) and the ' +
          'answer is 404 PROFILE_NOT_FOUND. An unknown or already decided request is 404 VERIFICATION_NOT_FOUND.',
        access: 'admin',
        parameters: ['VerificationId'],
        body: 'VerificationDecisionRequest',
        success: { status: 200, description: 'The decided request.', data: 'Verification' },
        errors: [404, 409],
      }),
    },
    '/admin/accounts/{accountId}': {
      patch: operation({
        operationId: 'updateAccount',
        tag: 'Admin',
        summary: 'Set an account\'s plan, suspension or custom limits',
        description:
          'customLimits are the enterprise "custom" numbers: general per hour, search per day, analytics per day; null returns to the plan\'s. ' +
          'They apply to the enterprise plan only: on an account that is (or, with `plan` in the same request, becomes) free or ' +
          'professional they are 400 VALIDATION_ERROR (field customLimits), and a change of plan away from enterprise removes them. ' +
          'Suspending an account refuses its credentials (403) and hides its profiles in every environment: other callers get ' +
          '404 PROFILE_NOT_FOUND and search stops finding them within about a second; lifting the suspension brings them back. ' +
          'Repeating the request is safe and completes a suspension that failed halfway. ' +
          'Partnership is no longer set here: `partner` is refused (400 VALIDATION_ERROR, field partner); record an agreement with ' +
          'POST /admin/partner-agreements. The answer\'s read-only `partner` says whether one is in force today.',
        access: 'admin',
        parameters: ['AccountId'],
        body: 'UpdateAccountRequest',
        success: { status: 200, description: 'The account.', data: 'Account' },
        errors: [404],
      }),
    },
  };
}

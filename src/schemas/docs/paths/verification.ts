// Verification requests and admin decisions (spec 2.6, 4.3; issue 2), admin account settings (issues 3, 4).
import { operation } from '../operation';

export function verificationPaths() {
  return {
    '/business/profile/{businessId}/verification': {
      post: operation({
        operationId: 'requestVerification',
        tag: 'Verification',
        summary: 'Request verification at a level (basic < verified < premium < certified)',
        description: 'One pending request per business at a time. An admin\'s approval sets trust.verificationLevel.',
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
        access: 'admin',
        success: { status: 200, description: 'Up to 100 pending requests.', data: 'VerificationQueue' },
      }),
    },
    '/admin/verifications/{verificationId}/decision': {
      post: operation({
        operationId: 'decideVerification',
        tag: 'Admin',
        summary: 'Approve or reject a pending verification request',
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
        summary: 'Set an account\'s plan, suspension, partnership or custom limits',
        description: 'customLimits are the enterprise "custom" numbers: general per hour, search per day, analytics per day; null returns to the plan\'s.',
        access: 'admin',
        parameters: ['AccountId'],
        body: 'UpdateAccountRequest',
        success: { status: 200, description: 'The account.', data: 'Account' },
        errors: [404],
      }),
    },
  };
}

// An admin's settings of an account: plan, suspension, enterprise custom limits.
// The first admin comes from `npm run admin:create`.
import { ADMIN } from '../core/operation';
import { requestSchema, responseSchema } from '../schemas/catalogue';
import { operation } from './declare';

export const updateAccount = operation({
  name: 'updateAccount',
  access: ADMIN,
  rateLimit: 'general',
  idempotent: true,
  input: { path: ['accountId'], body: requestSchema('UpdateAccountRequest') },
  output: responseSchema('Account'),
  errors: ['ACCOUNT_NOT_FOUND'],
  http: { method: 'PATCH', path: '/admin/accounts/{accountId}' },
  docs: {
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
    successDescription: 'The account.',
  },
  run: async ({ accounts }, { input }) => ({ data: await accounts.update(input.path.accountId, input.body) }),
});

export const ACCOUNT_OPERATIONS = [updateAccount];

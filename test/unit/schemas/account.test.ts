import { verificationDecisionBodySchema, updateAccountBodySchema } from '../../../src/schemas/endpoints/admin';
import { createApiKeyBodySchema } from '../../../src/schemas/endpoints/apiKeys';
import { loginBodySchema, refreshBodySchema, registerBodySchema } from '../../../src/schemas/endpoints/auth';
import { bodyIssue, validBody } from './expectIssue';

describe('POST /auth/register body', () => {
  const valid = { email: 'ana@example.com', password: 'correct horse', name: 'Ana' };
  it('accepts an account without a plan', () => {
    validBody(registerBodySchema, valid);
  });
  it('requires a password of 10 to 200 characters', () => {
    expect(bodyIssue(registerBodySchema, { ...valid, password: 'short' })).toEqual({ field: 'password', issue: 'must be at least 10 characters' });
    expect(bodyIssue(registerBodySchema, { ...valid, password: 'p'.repeat(201) })).toEqual({ field: 'password', issue: 'must be at most 200 characters' });
  });
  it('rejects a malformed email, any plan and unknown fields', () => {
    expect(bodyIssue(registerBodySchema, { ...valid, email: 'ana.example.com' })).toEqual({ field: 'email', issue: 'must be an email address' });
    expect(bodyIssue(registerBodySchema, { ...valid, plan: 'enterprise' })).toEqual({
      field: 'plan',
      issue: 'is set by an administrator (PATCH /admin/accounts/{accountId}); new accounts start on the free plan',
    });
    expect(bodyIssue(registerBodySchema, { ...valid, role: 'admin' })).toEqual({ field: 'role', issue: 'is not an allowed property' });
  });
  it('requires a name', () => {
    expect(bodyIssue(registerBodySchema, { email: valid.email, password: valid.password })).toEqual({ field: 'name', issue: 'is required' });
  });
});

describe('POST /auth/login and /auth/refresh bodies', () => {
  it('accepts credentials without re-checking the password length', () => {
    validBody(loginBodySchema, { email: 'ana@example.com', password: 'x' });
  });
  it('requires both credentials', () => {
    expect(bodyIssue(loginBodySchema, { email: 'ana@example.com' })).toEqual({ field: 'password', issue: 'is required' });
  });
  it('requires a non-empty refresh token string', () => {
    validBody(refreshBodySchema, { refreshToken: 'opaque-token' });
    expect(bodyIssue(refreshBodySchema, { refreshToken: '' })).toEqual({ field: 'refreshToken', issue: 'must not be empty' });
    expect(bodyIssue(refreshBodySchema, { refreshToken: 42 })).toEqual({ field: 'refreshToken', issue: 'must be a string' });
  });
});

describe('POST /auth/api-keys body', () => {
  it('accepts a key request with spec scopes', () => {
    validBody(createApiKeyBodySchema, { name: 'CI', environment: 'test', scopes: ['read:businesses', 'read:analytics'] });
  });
  it('rejects an unknown environment and scope, and repeated scopes', () => {
    expect(bodyIssue(createApiKeyBodySchema, { name: 'CI', environment: 'prod' })).toEqual({ field: 'environment', issue: 'must be one of test, live' });
    expect(bodyIssue(createApiKeyBodySchema, { name: 'CI', environment: 'live', scopes: ['admin'] }).field).toBe('scopes.0');
    expect(bodyIssue(createApiKeyBodySchema, { name: 'CI', environment: 'live', scopes: ['read:reviews', 'read:reviews'] }).field).toBe('scopes');
  });
});

describe('admin bodies', () => {
  it('accepts a decision with an optional note', () => {
    validBody(verificationDecisionBodySchema, { decision: 'approve' });
    validBody(verificationDecisionBodySchema, { decision: 'reject', note: 'Licence expired' });
    expect(bodyIssue(verificationDecisionBodySchema, { decision: 'maybe' })).toEqual({ field: 'decision', issue: 'must be one of approve, reject' });
    expect(bodyIssue(verificationDecisionBodySchema, { decision: 'reject', note: 'n'.repeat(2001) }).field).toBe('note');
  });
  it('accepts account changes and clearing custom limits', () => {
    validBody(updateAccountBodySchema, { plan: 'enterprise', partner: true, customLimits: { general: 50000, search: 1000000 } });
    validBody(updateAccountBodySchema, { customLimits: null });
    validBody(updateAccountBodySchema, { suspended: true });
  });
  it('requires positive whole-number custom limits', () => {
    expect(bodyIssue(updateAccountBodySchema, { customLimits: { analytics: 0 } })).toEqual({ field: 'customLimits.analytics', issue: 'must be between 1 and 100000000' });
    expect(bodyIssue(updateAccountBodySchema, { customLimits: { search: 2.5 } })).toEqual({ field: 'customLimits.search', issue: 'must be a whole number' });
    expect(bodyIssue(updateAccountBodySchema, { customLimits: { storage: 5 } })).toEqual({ field: 'customLimits.storage', issue: 'is not an allowed property' });
  });
  it('rejects an empty change and non-boolean flags', () => {
    expect(bodyIssue(updateAccountBodySchema, {})).toEqual({ field: 'body', issue: 'must contain at least one property' });
    expect(bodyIssue(updateAccountBodySchema, { suspended: 'yes' })).toEqual({ field: 'suspended', issue: 'must be true or false' });
  });
});

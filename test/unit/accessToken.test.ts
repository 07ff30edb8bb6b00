import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from '../../src/domain/accessToken';
import { UnauthorizedError } from '../../src/domain/errors';

const SECRET = 'test-secret-that-is-long-enough-0123456789';
const NOW = new Date('2025-03-01T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const CLAIMS = { sub: 'acct_abc', scopes: ['read:businesses' as const, 'write:businesses' as const], role: 'user' as const };

function b64(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function validPayload(): Record<string, unknown> {
  return {
    sub: 'acct_abc',
    scopes: ['read:businesses'],
    role: 'user',
    typ: 'access',
    jti: 'j1',
    iat: NOW_S,
    exp: NOW_S + 3600,
    iss: 'business-discovery-api',
    aud: 'business-discovery-api',
  };
}

function expectRejected(token: string, message: string, at: Date = NOW): void {
  let thrown: unknown;
  try {
    verifyAccessToken(SECRET, token, at);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(UnauthorizedError);
  expect((thrown as UnauthorizedError).message).toBe(message);
}

describe('signAccessToken', () => {
  it('issues an HS256 token valid for one hour with sub, scopes, role, jti, iss, aud and typ', () => {
    const { token, expiresIn } = signAccessToken(SECRET, CLAIMS, NOW);
    expect(expiresIn).toBe(3600);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(3600);
    const decoded = jwt.decode(token, { complete: true })!;
    expect(decoded.header.alg).toBe('HS256');
    expect(decoded.payload).toMatchObject({
      sub: 'acct_abc',
      scopes: ['read:businesses', 'write:businesses'],
      role: 'user',
      typ: 'access',
      iss: 'business-discovery-api',
      aud: 'business-discovery-api',
      iat: NOW_S,
      exp: NOW_S + 3600,
    });
    expect(typeof (decoded.payload as jwt.JwtPayload).jti).toBe('string');
  });

  it('gives every token a distinct jti', () => {
    const a = jwt.decode(signAccessToken(SECRET, CLAIMS, NOW).token) as jwt.JwtPayload;
    const b = jwt.decode(signAccessToken(SECRET, CLAIMS, NOW).token) as jwt.JwtPayload;
    expect(a.jti).not.toBe(b.jti);
  });
});

describe('verifyAccessToken', () => {
  it('returns the claims of a token it signed', () => {
    const { token } = signAccessToken(SECRET, CLAIMS, NOW);
    const claims = verifyAccessToken(SECRET, token, new Date(NOW.getTime() + 59 * 60 * 1000));
    expect(claims).toMatchObject({ sub: 'acct_abc', role: 'user', scopes: CLAIMS.scopes, iat: NOW_S, exp: NOW_S + 3600 });
  });

  it('rejects a token after its hour is up as expired', () => {
    const { token } = signAccessToken(SECRET, CLAIMS, NOW);
    expectRejected(token, 'Access token expired', new Date(NOW.getTime() + 3601 * 1000));
  });

  it('rejects a token signed with another secret', () => {
    const { token } = signAccessToken('another-secret-that-is-also-long-enough', CLAIMS, NOW);
    expectRejected(token, 'Invalid access token');
  });

  it('rejects an unsigned alg "none" token', () => {
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(validPayload())}.`;
    expectRejected(token, 'Invalid access token');
  });

  it('rejects an RS256 token even when its signature is valid for its own key', () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = jwt.sign(validPayload(), privateKey, { algorithm: 'RS256' });
    expectRejected(token, 'Invalid access token');
  });

  it('rejects an HS512 token made with the right secret (algorithm is pinned)', () => {
    const token = jwt.sign(validPayload(), SECRET, { algorithm: 'HS512' });
    expectRejected(token, 'Invalid access token');
  });

  it('rejects a token whose payload was changed after signing', () => {
    const { token } = signAccessToken(SECRET, CLAIMS, NOW);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = b64({ ...claims, role: 'admin' });
    expect(forged).not.toBe(payload);
    expectRejected(`${header}.${forged}.${signature}`, 'Invalid access token');
  });

  it('rejects a token with the wrong issuer, audience or type', () => {
    for (const change of [{ iss: 'someone-else' }, { aud: 'other-service' }, { typ: 'refresh' }]) {
      const token = jwt.sign({ ...validPayload(), ...change }, SECRET, { algorithm: 'HS256' });
      expectRejected(token, 'Invalid access token');
    }
  });

  it('rejects a token without an expiry or with unknown scopes', () => {
    const { exp: _exp, ...noExp } = validPayload();
    expectRejected(jwt.sign(noExp, SECRET, { algorithm: 'HS256' }), 'Invalid access token');
    const badScopes = jwt.sign({ ...validPayload(), scopes: ['admin:everything'] }, SECRET, { algorithm: 'HS256' });
    expectRejected(badScopes, 'Invalid access token');
  });

  it('rejects garbage that is not a JWT', () => {
    expectRejected('not-a-jwt', 'Invalid access token');
    expectRejected('a.b.c', 'Invalid access token');
  });
});

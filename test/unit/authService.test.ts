import jwt from 'jsonwebtoken';
import { createSqliteStore, type SqliteStore } from '../../src/adapters/sqlite/store/sqliteStore';
import { SCOPES } from '../../src/domain/account';
import { verifyAccessToken } from '../../src/domain/accessToken';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../src/domain/errors';
import { verifyPassword } from '../../src/domain/passwordHash';
import { sha256Hex } from '../../src/domain/secretHash';
import { createAuthService, type AuthService } from '../../src/services/authService';
import { rejection } from '../support/rejection';

const SECRET = 'unit-test-jwt-secret-0123456789abcdefghij';
const PASSWORD = 'correct horse battery';

let store: SqliteStore;
let now: Date;
let auth: AuthService;

beforeEach(() => {
  store = createSqliteStore({ file: ':memory:' });
  now = new Date('2025-03-01T12:00:00Z');
  auth = createAuthService({ store, jwtSecret: SECRET, clock: () => now });
});

afterEach(async () => {
  await store.close();
});

function advance(ms: number): void {
  now = new Date(now.getTime() + ms);
}

async function registered(email = 'Ada@Example.com') {
  return auth.register({ email, password: PASSWORD, name: 'Ada Lovelace' });
}

describe('register', () => {
  it('creates a free user account with a lower-cased email and returns only public fields', async () => {
    const account = await registered();
    expect(account).toEqual({
      id: expect.stringMatching(/^acct_[0-9A-Za-z]{20}$/),
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      plan: 'free',
      role: 'user',
      createdAt: '2025-03-01T12:00:00.000Z',
    });
    expect(Object.keys(account)).not.toContain('passwordHash');
  });

  it('stores the password as an scrypt hash, never in clear', async () => {
    const account = await registered();
    const stored = await store.accounts.findById(account.id);
    expect(stored!.passwordHash).toMatch(/^scrypt\$/);
    expect(stored!.passwordHash).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
  });

  it('starts every account on the free plan (an admin changes plans)', async () => {
    const account = await auth.register({ email: 'pro@example.com', password: PASSWORD, name: 'Pro' });
    expect(account.plan).toBe('free');
    expect((await store.accounts.findById(account.id))!.plan).toBe('free');
  });

  it('rejects a password shorter than 10 characters', async () => {
    const error = await rejection(auth.register({ email: 'a@example.com', password: 'short-pw1', name: 'A' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toEqual({ field: 'password', issue: 'must be at least 10 characters' });
  });

  it('refuses a second account with the same email in any letter case', async () => {
    await registered('ada@example.com');
    const error = await rejection(registered('ADA@example.COM'));
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('DUPLICATE_EMAIL');
    expect((error as ConflictError).status).toBe(409);
  });
});

describe('login', () => {
  it('returns a one-hour bearer access token for the account with every scope, and an opaque refresh token', async () => {
    const account = await registered();
    const tokens = await auth.login({ email: 'ADA@example.com', password: PASSWORD });
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresIn).toBe(3600);
    expect(tokens.refreshToken).toMatch(/^rt_[0-9A-Za-z]{43}$/);
    const claims = verifyAccessToken(SECRET, tokens.accessToken, now);
    expect(claims.sub).toBe(account.id);
    expect(claims.role).toBe('user');
    expect(claims.scopes).toEqual([...SCOPES]);
  });

  it('stores the refresh token only as its SHA-256 hash', async () => {
    await registered();
    const { refreshToken } = await auth.login({ email: 'ada@example.com', password: PASSWORD });
    const record = await store.refreshTokens.findByHash(sha256Hex(refreshToken));
    expect(record).not.toBeNull();
    expect(JSON.stringify(record)).not.toContain(refreshToken);
    expect(record!.expiresAt).toBe('2025-03-31T12:00:00.000Z');
  });

  it('gives the same 401 for a wrong password and for an unknown email', async () => {
    await registered();
    const wrongPassword = await rejection(auth.login({ email: 'ada@example.com', password: 'not the password' }));
    const unknownEmail = await rejection(auth.login({ email: 'nobody@example.com', password: PASSWORD }));
    for (const error of [wrongPassword, unknownEmail]) {
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.message).toBe('Invalid email or password');
    }
  });

  it('refuses a suspended account with 403 once the password is right', async () => {
    const account = await registered();
    await store.accounts.update(account.id, { suspended: true }, now.toISOString());
    expect(await rejection(auth.login({ email: 'ada@example.com', password: PASSWORD }))).toBeInstanceOf(ForbiddenError);
    const wrong = await rejection(auth.login({ email: 'ada@example.com', password: 'not the password' }));
    expect(wrong).toBeInstanceOf(UnauthorizedError);
  });
});

describe('refresh', () => {
  async function signedIn() {
    await registered();
    return auth.login({ email: 'ada@example.com', password: PASSWORD });
  }

  it('returns a new access token and a rotated refresh token', async () => {
    const first = await signedIn();
    advance(10 * 60_000);
    const second = await auth.refresh({ refreshToken: first.refreshToken });
    expect(second.refreshToken).toMatch(/^rt_[0-9A-Za-z]{43}$/);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.expiresIn).toBe(3600);
    expect(verifyAccessToken(SECRET, second.accessToken, now).iat).toBe(now.getTime() / 1000);
  });

  it('keeps the rotated token in the same family and marks the old one used', async () => {
    const first = await signedIn();
    const second = await auth.refresh({ refreshToken: first.refreshToken });
    const old = await store.refreshTokens.findByHash(sha256Hex(first.refreshToken));
    const fresh = await store.refreshTokens.findByHash(sha256Hex(second.refreshToken));
    expect(old!.usedAt).toBe(now.toISOString());
    expect(fresh!.familyId).toBe(old!.familyId);
    expect(fresh!.usedAt).toBeUndefined();
  });

  it('can be chained: each rotated token refreshes once', async () => {
    let tokens = await signedIn();
    for (let i = 0; i < 3; i += 1) tokens = await auth.refresh({ refreshToken: tokens.refreshToken });
    expect(tokens.refreshToken).toMatch(/^rt_/);
  });

  it('treats a reused token as theft: 401 and the whole family, including the newest token, is revoked', async () => {
    const first = await signedIn();
    const second = await auth.refresh({ refreshToken: first.refreshToken });
    const reuse = await rejection(auth.refresh({ refreshToken: first.refreshToken }));
    expect(reuse).toBeInstanceOf(UnauthorizedError);
    const newest = await rejection(auth.refresh({ refreshToken: second.refreshToken }));
    expect(newest).toBeInstanceOf(UnauthorizedError);
    expect((await store.refreshTokens.findByHash(sha256Hex(second.refreshToken)))!.revokedAt).toBeDefined();
  });

  it('does not touch other sign-ins of the same account when one family is revoked', async () => {
    const phone = await signedIn();
    const laptop = await auth.login({ email: 'ada@example.com', password: PASSWORD });
    await auth.refresh({ refreshToken: phone.refreshToken });
    await rejection(auth.refresh({ refreshToken: phone.refreshToken }));
    await expect(auth.refresh({ refreshToken: laptop.refreshToken })).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('rejects a refresh token after its 30 days', async () => {
    const tokens = await signedIn();
    advance(30 * 24 * 3600_000 + 1000);
    const error = await rejection(auth.refresh({ refreshToken: tokens.refreshToken }));
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error.message).toBe('Refresh token expired');
  });

  it('honours a configured refresh-token lifetime', async () => {
    auth = createAuthService({ store, jwtSecret: SECRET, clock: () => now, refreshTokenTtlDays: 1 });
    const tokens = await signedIn();
    advance(25 * 3600_000);
    expect(await rejection(auth.refresh({ refreshToken: tokens.refreshToken }))).toBeInstanceOf(UnauthorizedError);
  });

  it('rejects unknown, malformed and access-token values with 401', async () => {
    const tokens = await signedIn();
    for (const refreshToken of ['rt_' + 'A'.repeat(43), 'garbage', tokens.accessToken, '']) {
      const error = await rejection(auth.refresh({ refreshToken }));
      expect(error).toBeInstanceOf(UnauthorizedError);
      expect(error.message).toBe('Invalid refresh token');
    }
  });

  it('refuses to refresh for an account suspended after sign-in', async () => {
    const tokens = await signedIn();
    const account = await store.accounts.findByEmail('ada@example.com');
    await store.accounts.update(account!.id, { suspended: true }, now.toISOString());
    expect(await rejection(auth.refresh({ refreshToken: tokens.refreshToken }))).toBeInstanceOf(ForbiddenError);
  });

  it('signs the role the account has now, so a promotion shows on the next refresh', async () => {
    const tokens = await signedIn();
    const account = await store.accounts.findByEmail('ada@example.com');
    await store.accounts.update(account!.id, { role: 'admin' }, now.toISOString());
    const next = await auth.refresh({ refreshToken: tokens.refreshToken });
    expect((jwt.decode(next.accessToken) as jwt.JwtPayload).role).toBe('admin');
  });
});

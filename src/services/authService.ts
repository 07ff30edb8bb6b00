// Accounts and sessions (spec 4.1, 5.3): register, password login, refresh-token rotation.
//
// Refresh tokens are opaque (`rt_` + 43 base62, ~256 bits), stored only as a SHA-256 hash.
// Every refresh marks the presented token used (an atomic compare-and-set in the store) and
// issues a new one in the same family. Presenting a token that was already used means it
// was copied: the whole family is revoked, so the thief's and the owner's newer tokens both
// stop working and the owner signs in again. Two concurrent refreshes with one token end the
// same way; that is the price of detecting reuse.
//
// The spec's refresh response is {accessToken, expiresIn}; we also return the rotated
// `refreshToken` (and `tokenType`), without which rotation would lock the client out.
import { SCOPES, type Account, type Plan, type Role } from '../domain/account';
import { signAccessToken, type ACCESS_TOKEN_TTL_SECONDS } from '../domain/accessToken';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../domain/errors';
import { newId, randomBase62 } from '../domain/ids';
import { hashPassword, verifyPassword } from '../domain/passwordHash';
import { sha256Hex } from '../domain/secretHash';
import type { Store } from '../ports/store';

export const MIN_PASSWORD_LENGTH = 10;
const REFRESH_TOKEN_PREFIX = 'rt_';
const REFRESH_TOKEN_RANDOM_LENGTH = 43;
const REFRESH_TOKEN_SHAPE = /^rt_[0-9A-Za-z]{43,}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PublicAccount {
  id: string;
  email: string;
  name: string;
  plan: Plan;
  role: Role;
  createdAt: string;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  expiresIn: typeof ACCESS_TOKEN_TTL_SECONDS;
  tokenType: 'Bearer';
}

export interface AuthService {
  register(input: { email: string; password: string; name: string }): Promise<PublicAccount>;
  login(input: { email: string; password: string }): Promise<TokenPair>;
  /** The account whose password this is (UnauthorizedError otherwise, ForbiddenError if suspended); issues nothing. */
  verifyCredentials(input: { email: string; password: string }): Promise<Account>;
  refresh(input: { refreshToken: string }): Promise<TokenPair>;
}

export interface AuthServiceDeps {
  store: Store;
  jwtSecret: string;
  clock?: () => Date;
  /** Lifetime of each refresh token (the spec leaves it open). Default 30 days. */
  refreshTokenTtlDays?: number;
}

export function toPublicAccount(account: Account): PublicAccount {
  const { id, email, name, plan, role, createdAt } = account;
  return { id, email, name, plan, role, createdAt };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// The stores name only the field; the spec's details are {field, issue}.
async function withEmailIssue<T>(creating: Promise<T>): Promise<T> {
  try {
    return await creating;
  } catch (error) {
    if (error instanceof ConflictError && error.code === 'DUPLICATE_EMAIL') {
      throw new ConflictError('DUPLICATE_EMAIL', error.message, { field: 'email', issue: 'is already registered' });
    }
    throw error;
  }
}

const INVALID_LOGIN = 'Invalid email or password';
const INVALID_REFRESH = 'Invalid refresh token';

export function createAuthService(deps: AuthServiceDeps): AuthService {
  const { store, jwtSecret } = deps;
  const clock = deps.clock ?? (() => new Date());
  const refreshTtlMs = (deps.refreshTokenTtlDays ?? 30) * DAY_MS;

  // An unknown email is checked against this hash so it costs the same scrypt work as a
  // wrong password: response time does not tell which emails have accounts.
  let dummyHash: Promise<string> | undefined;
  const dummy = () => (dummyHash ??= hashPassword(randomBase62(32)));

  async function issueTokens(account: Account, familyId: string, now: Date): Promise<TokenPair> {
    const refreshToken = REFRESH_TOKEN_PREFIX + randomBase62(REFRESH_TOKEN_RANDOM_LENGTH);
    await store.refreshTokens.create({
      id: newId('rt'),
      accountId: account.id,
      familyId,
      hash: sha256Hex(refreshToken),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + refreshTtlMs).toISOString(),
    });
    // Signed-in accounts act with every scope; scopes narrow only API keys (and later OAuth).
    const access = signAccessToken(jwtSecret, { sub: account.id, scopes: [...SCOPES], role: account.role }, now);
    return { accessToken: access.token, refreshToken, expiresIn: access.expiresIn, tokenType: 'Bearer' };
  }

  function assertActive(account: Account): void {
    if (account.suspended) throw new ForbiddenError('Account is suspended');
  }

  async function verifyCredentials({ email, password }: { email: string; password: string }): Promise<Account> {
    const account = await store.accounts.findByEmail(normalizeEmail(email));
    const matches = await verifyPassword(password, account?.passwordHash ?? (await dummy()));
    if (!account || !matches) throw new UnauthorizedError(INVALID_LOGIN);
    // Only after the password is proven, so suspension does not reveal that an email exists.
    assertActive(account);
    return account;
  }

  return {
    async register({ email, password, name }) {
      if (password.length < MIN_PASSWORD_LENGTH) {
        throw new ValidationError('password', `must be at least ${MIN_PASSWORD_LENGTH} characters`);
      }
      const now = clock().toISOString();
      const account = await withEmailIssue(store.accounts.create({
        id: newId('acct'),
        email: normalizeEmail(email),
        name: name.trim(),
        passwordHash: await hashPassword(password),
        plan: 'free', // plans change only through an admin (PATCH /admin/accounts/{id})
        role: 'user',
        suspended: false,
        createdAt: now,
        updatedAt: now,
      }));
      return toPublicAccount(account);
    },

    async login(input) {
      return issueTokens(await verifyCredentials(input), newId('fam'), clock());
    },

    verifyCredentials,

    async refresh({ refreshToken }) {
      if (!REFRESH_TOKEN_SHAPE.test(refreshToken)) throw new UnauthorizedError(INVALID_REFRESH);
      const record = await store.refreshTokens.findByHash(sha256Hex(refreshToken));
      if (!record) throw new UnauthorizedError(INVALID_REFRESH);
      const now = clock();
      if (record.revokedAt) throw new UnauthorizedError('Refresh token has been revoked');
      if (record.usedAt || !(await store.refreshTokens.markUsed(record.id, now.toISOString()))) {
        await store.refreshTokens.revokeFamily(record.familyId, now.toISOString());
        throw new UnauthorizedError('Refresh token was already used; sign in again');
      }
      if (Date.parse(record.expiresAt) <= now.getTime()) throw new UnauthorizedError('Refresh token expired');
      const account = await store.accounts.findById(record.accountId);
      if (!account) throw new UnauthorizedError(INVALID_REFRESH);
      assertActive(account);
      return issueTokens(account, record.familyId, now);
    },
  };
}

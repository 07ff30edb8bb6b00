// JWT access tokens (spec 5.3): HS256, one hour. Verification pins the algorithm so a
// token that names `none` or an asymmetric algorithm (the classic key-confusion attack)
// is rejected before its signature is even considered, and checks iss/aud/typ so that
// tokens minted for another purpose or service with the same secret do not pass.
import { randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { SCOPES, type Role, type Scope } from './account';
import { UnauthorizedError } from './errors';

export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ISSUER = 'business-discovery-api';
const AUDIENCE = 'business-discovery-api';
const TOKEN_TYPE = 'access';

export interface AccessClaims {
  sub: string;
  scopes: Scope[];
  role: Role;
  jti: string;
  iat: number;
  exp: number;
}

export interface SignedAccessToken {
  token: string;
  expiresIn: typeof ACCESS_TOKEN_TTL_SECONDS;
}

function seconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function signAccessToken(
  secret: string,
  claims: { sub: string; scopes: Scope[]; role: Role },
  now: Date,
): SignedAccessToken {
  const iat = seconds(now);
  // iat/exp go in the payload (not expiresIn) so the caller's clock decides them, not Date.now().
  const payload = {
    sub: claims.sub,
    scopes: claims.scopes,
    role: claims.role,
    typ: TOKEN_TYPE,
    jti: randomBytes(16).toString('base64url'),
    iat,
    exp: iat + ACCESS_TOKEN_TTL_SECONDS,
    iss: ISSUER,
    aud: AUDIENCE,
  };
  return { token: jwt.sign(payload, secret, { algorithm: 'HS256' }), expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

function invalid(): UnauthorizedError {
  return new UnauthorizedError('Invalid access token');
}

function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** Throws UnauthorizedError('Access token expired' | 'Invalid access token'). */
export function verifyAccessToken(secret: string, token: string, now: Date = new Date()): AccessClaims {
  let decoded: string | jwt.JwtPayload;
  try {
    decoded = jwt.verify(token, secret, {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      clockTimestamp: seconds(now),
    });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError) throw new UnauthorizedError('Access token expired');
    throw invalid();
  }
  if (typeof decoded === 'string' || decoded.typ !== TOKEN_TYPE) throw invalid();
  const { sub, scopes, role, jti, iat, exp } = decoded;
  if (typeof sub !== 'string' || sub === '' || typeof jti !== 'string') throw invalid();
  if (typeof iat !== 'number' || typeof exp !== 'number') throw invalid();
  if (role !== 'user' && role !== 'admin') throw invalid();
  if (!Array.isArray(scopes) || !scopes.every(isScope)) throw invalid();
  return { sub, scopes, role, jti, iat, exp };
}

import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';

export type { Logger };

/** One JSON line per event on stdout; secrets in headers are never logged. */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.authorization', 'authorization', 'password', 'refreshToken'],
  });
}

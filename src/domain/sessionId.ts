import { newId } from './ids';

// Caller-chosen ids are accepted when they are plain and long enough not to collide by accident.
export const SESSION_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function isSessionId(value: string | undefined): value is string {
  return value !== undefined && SESSION_ID.test(value);
}

/** A valid X-Session-ID is kept; anything else starts a new session. */
export function sessionIdFrom(header: string | undefined): string {
  return isSessionId(header) ? header : newId('sess');
}

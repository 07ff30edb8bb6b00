// The opaque cursor of ProfileRepository.scan pages, shared by every store adapter so a
// cursor means the same thing whichever engine produced it.
import { ValidationError } from '../domain/errors';

export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ after: lastId })).toString('base64url');
}

export function decodeCursor(cursor: string): string {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as { after?: unknown }).after === 'string') {
      return (parsed as { after: string }).after;
    }
  } catch {
    // fall through: not one of our cursors
  }
  throw new ValidationError('after', 'is not a cursor returned by a previous page');
}

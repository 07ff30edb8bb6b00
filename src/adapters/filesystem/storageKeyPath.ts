// Media storage keys become relative file paths. Only a conservative alphabet is accepted, so a
// key can never climb out of the storage directory (`..`), be absolute, or smuggle a separator
// or device name the platform would interpret.
import { join } from 'node:path';

/** One path segment: starts with a letter, digit or underscore (never a dot), then [A-Za-z0-9._-]. */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_SEGMENTS = 8;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid media storage key ${JSON.stringify(key.slice(0, 80))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The relative path for `key` (`live/biz_1/med_2` -> live/biz_1/med_2); throws InvalidStorageKeyError otherwise. */
export function storageKeyPath(key: string): string {
  const segments = key.split('/');
  if (segments.length > MAX_SEGMENTS || !segments.every((segment) => SEGMENT.test(segment))) {
    throw new InvalidStorageKeyError(key);
  }
  return join(...segments);
}
